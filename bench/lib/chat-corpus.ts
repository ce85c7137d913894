/**
 * Chat-like text for bench:conversations: questions and answers drawn from a Zipf-distributed vocabulary of
 * everyday and technical words (so a few words are in most messages and most words are in few), with rare words
 * planted now and then for the "rare" searches. Seeded, so every run searches the same text.
 */
const FUNCTION_WORDS =
  'the a to of and in is that it for you on with this be are as can your or if not at by from have an will do'.split(
    ' ',
  );
const TOPICS = [
  'python function error list dictionary loop import module class exception debug test install package version',
  'recipe bake oven flour sugar butter dough bread cake chocolate minutes temperature salt pasta sauce garlic',
  'travel flight hotel train ticket visa passport museum beach mountain weather budget itinerary city village',
  'email meeting project deadline report budget team manager client proposal schedule agenda summary review',
  'model training data dataset accuracy neural network learning gradient loss layer embedding token prompt',
  'garden tomato soil water seeds plant compost sunlight harvest pruning roses lawn fertilizer pest shade',
  'fitness running workout muscle protein sleep stretch marathon heart rate recovery injury knee shoulder',
  'history empire war treaty revolution king queen century medieval ancient rome greece egypt dynasty',
  'finance invoice tax mortgage interest savings loan credit stock bond inflation pension account transfer',
  'linux server docker container kubernetes network firewall database backup postgres query index cache',
].map((line) => line.split(' '));
const VERBS = 'explain write show help make check fix compare find use change add remove improve plan'.split(' ');
const OPENERS = [
  'How do I',
  'Can you',
  'Why does',
  'What is the best way to',
  'Please',
  'Could you',
  'Is it possible to',
];
const MODELS = ['llama3:8b', 'qwen2.5:7b', 'mistral:7b', 'gemma2:9b'];
/** Words that occur in roughly one message in 20,000: the "rare" searches. */
export const RARE_WORDS = Array.from({ length: 200 }, (_, index) => `zephyrine${index.toString(36)}quill`);

export class Corpus {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  private random(): number {
    // mulberry32
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** Zipf-like: low indexes far more often than high ones. */
  private zipf<T>(items: readonly T[]): T {
    return items[Math.floor(items.length * this.random() ** 2.5)] as T;
  }

  private words(count: number): string {
    const topic = this.zipf(TOPICS);
    const out: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const roll = this.random();
      out.push(roll < 0.45 ? this.zipf(FUNCTION_WORDS) : roll < 0.9 ? this.zipf(topic) : this.pick(VERBS));
    }
    if (this.random() < 0.0001) out.splice(Math.floor(this.random() * out.length), 0, this.pick(RARE_WORDS));
    return out.join(' ');
  }

  question(): string {
    return `${this.pick(OPENERS)} ${this.pick(VERBS)} ${this.words(8 + Math.floor(this.random() * 20))}?`;
  }

  answer(): string {
    const sentences = 2 + Math.floor(this.random() * 5);
    return Array.from({ length: sentences }, () => {
      const text = this.words(8 + Math.floor(this.random() * 14));
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    }).join(' ');
  }

  title(): string {
    const topic = this.zipf(TOPICS);
    return `${this.pick(VERBS)} ${this.zipf(topic)} ${this.zipf(topic)}`.replace(/^./, (c) => c.toUpperCase());
  }

  model(): string {
    return this.zipf(MODELS);
  }

  /** Searches as people type them: common words, a phrase and a prefix; rare planted words. */
  queries(): { common: string[]; rare: string[] } {
    return {
      common: [
        'python',
        'the error',
        'recipe',
        'docker container',
        '"neural network"',
        'garden',
        'budg*',
        'flight hotel',
      ],
      rare: [...RARE_WORDS.slice(0, 20), 'marathon zephyrine1quill', 'nonexistentword'],
    };
  }
}
