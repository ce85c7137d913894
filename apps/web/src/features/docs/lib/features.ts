/** How settled a feature is. Decided from the code and its tests; each entry says why in one line. */
export type Maturity = 'Stable' | 'Beta' | 'Experimental';

export interface Feature {
  name: string;
  maturity: Maturity;
  summary: string;
  why: string;
  /** The docs page that explains it. */
  doc?: string;
}

export interface FeatureArea {
  title: string;
  features: Feature[];
}

export const MATURITY_MEANING: Record<Maturity, string> = {
  Stable: 'Finished, covered by integration and browser tests on SQLite and PostgreSQL; safe to rely on.',
  Beta: 'Works and is tested, but new: behaviour, settings or quality may still change.',
  Experimental: 'Works in tests, not yet proven in real deployments; expect rough edges.',
};

export const featureAreas: FeatureArea[] = [
  {
    title: 'Chat',
    features: [
      {
        name: 'Streaming chat',
        maturity: 'Stable',
        summary: 'Answers stream token by token; Stop, Regenerate, edit-and-resend, copy, conversation history.',
        why: 'Integration tests for streaming, stop and regenerate, plus a browser test of the chat screen.',
        doc: '/docs/chat',
      },
      {
        name: 'File attachments',
        maturity: 'Stable',
        summary: 'PDF, Word and text files (10 MB each) are read into the conversation.',
        why: 'Tested end to end: type checks against the content, size limit, extraction.',
        doc: '/docs/chat',
      },
      {
        name: 'Image questions (vision)',
        maturity: 'Beta',
        summary: 'Ask about images with a vision model such as LLaVA.',
        why: 'Tested with a fake runtime only; answer quality depends entirely on the vision model you install.',
        doc: '/docs/vision',
      },
      {
        name: 'OpenAI-compatible API (/v1)',
        maturity: 'Stable',
        summary: 'Use any OpenAI client with a personal hth_ API token.',
        why: 'Integration tests cover models, completions and streaming in the OpenAI format.',
        doc: '/docs/tutorials/openai-python',
      },
    ],
  },
  {
    title: 'Knowledge',
    features: [
      {
        name: 'Knowledge collections',
        maturity: 'Stable',
        summary: 'Upload documents into collections and search them from the chat with "Search in:".',
        why: 'Integration, resume-after-restart and browser tests; measured on the SciFact benchmark.',
        doc: '/docs/knowledge',
      },
      {
        name: 'OCR for images and scanned PDFs',
        maturity: 'Beta',
        summary: 'Offline text recognition (English) for images and PDFs without a text layer.',
        why: 'Unit-tested; slow on large scans and English only.',
        doc: '/docs/knowledge',
      },
      {
        name: 'Embeddings and hybrid search',
        maturity: 'Beta',
        summary: 'Admins choose an embedding model; search fuses lexical and vector hits.',
        why: 'New: tested with fake embedders on sqlite-vec and pgvector; re-embedding runs in the background.',
        doc: '/docs/knowledge',
      },
      {
        name: 'Advanced retrieval',
        maturity: 'Beta',
        summary: 'Query expansion, multi-step search and reranking, off by default.',
        why: 'New and opt-in; its fusion weights were tuned on two benchmark sets only.',
        doc: '/docs/advanced-retrieval',
      },
      {
        name: 'Website import',
        maturity: 'Beta',
        summary: 'Import a page and up to 50 sitemap pages, honouring robots.txt.',
        why: 'New: tested against a local fake site; real sites vary widely in markup.',
        doc: '/docs/knowledge',
      },
    ],
  },
  {
    title: 'Models',
    features: [
      {
        name: 'Built-in runtime (llama.cpp)',
        maturity: 'Stable',
        summary: 'Runs GGUF files from the models folder with no other service.',
        why: 'Tested with a tiny real model in unit tests and the chat benchmark.',
        doc: '/docs/runtimes',
      },
      {
        name: 'Ollama and OpenAI-compatible runtimes',
        maturity: 'Stable',
        summary: 'Any number of Ollama servers and OpenAI-compatible endpoints at once.',
        why: 'Provider and load-sharing tests against fake runtimes speaking each protocol.',
        doc: '/docs/runtimes',
      },
      {
        name: 'Model downloads',
        maturity: 'Stable',
        summary: 'Hugging Face GGUF links (resumable, sha256-checked) and Ollama pulls with live progress.',
        why: 'Integration and browser tests, including resume and cancel.',
        doc: '/docs/getting-models',
      },
      {
        name: 'GPU acceleration',
        maturity: 'Experimental',
        summary: 'CUDA, Vulkan or Metal for the built-in runtime; Ollama uses its own GPU support.',
        why: 'Detection and fallback are unit-tested, but the test suite runs on CPU only.',
        doc: '/docs/gpu',
      },
    ],
  },
  {
    title: 'Administration and operations',
    features: [
      {
        name: 'Accounts, roles and security',
        maturity: 'Stable',
        summary: 'argon2id passwords, four roles, bans, rate limits, CSRF protection, strict CSP.',
        why: 'A route-by-route authorisation test plus security and role-matrix tests.',
        doc: '/docs/security',
      },
      {
        name: 'Admin dashboard',
        maturity: 'Stable',
        summary: 'Users (create, CSV import, roles, ban), statistics, usage, security and system settings.',
        why: 'Integration tests per route and a browser test of the dashboard.',
        doc: '/docs/admin',
      },
      {
        name: 'Privacy: export, retention, account deletion, audit log',
        maturity: 'Beta',
        summary: 'Download your data, auto-delete old conversations, a hash-chained audit log.',
        why: 'New: integration-tested, but the retention job and audit views are recent.',
        doc: '/docs/security',
      },
      {
        name: 'PostgreSQL',
        maturity: 'Stable',
        summary: 'Set DATABASE_URL; same migrations and features as SQLite.',
        why: 'The whole integration suite runs a second time on a real PostgreSQL cluster.',
        doc: '/docs/database',
      },
      {
        name: 'Scaling out to several replicas',
        maturity: 'Experimental',
        summary: 'Replicas share PostgreSQL and an S3-compatible bucket; events cross via LISTEN/NOTIFY.',
        why: 'Covered by replica tests and a load benchmark, not yet by long-running real deployments.',
        doc: '/docs/database',
      },
    ],
  },
];

/** Things Hearth does not have yet: said plainly instead of badged. */
export const notBuiltYet: string[] = [
  'Search across conversations, Notes and a Playground (not in the sidebar until they exist).',
  'Editing these documentation pages from inside the app.',
  'Automatic application updates (only the Update Settings are stored).',
];
