import { CodeXml, ShieldCheck, SlidersHorizontal, Zap, type LucideIcon } from 'lucide-react';

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** Each card says only what Hearth really does (see README.md). */
const FEATURES: readonly Feature[] = [
  {
    title: '100% Private',
    text: 'Models run on your machine, and chats, documents and accounts stay in your own database. Nothing goes to an outside service unless you add one yourself.',
    icon: ShieldCheck,
  },
  {
    title: 'Lightning Fast',
    text: 'Answers stream token by token from a runtime next to you, on the GPU when one is found (CUDA, Vulkan or Metal), with no round trip to a distant cloud.',
    icon: Zap,
  },
  {
    title: 'Customizable',
    text: 'Use Ollama, a GGUF file run by the built-in runtime or any OpenAI-compatible server. Pick the model per chat and build knowledge collections from your files.',
    icon: SlidersHorizontal,
  },
  {
    title: 'Open Source',
    text: 'Read every line that handles your data, run it where you like and change it to fit. Self-hosted on SQLite or PostgreSQL.',
    icon: CodeXml,
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="mb-8 text-center text-3xl font-bold tracking-tight">
          Why Hearth
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon className="mb-3 size-8 text-primary" aria-hidden />
              <h3 className="mb-2 font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
