import type { DocFileType, DocImpact } from '@hearth/contract';

/**
 * How a changed file is classified for documentation maintenance (spec §9): its type, its impact and the
 * documentation pages it may make out of date. Pure: paths in, verdicts out.
 */

export interface ClassifyInput {
  /** The path in the repository, `/`-separated (for a rename, the new path). */
  filePath: string;
  /** The docs content folder relative to the repository root (e.g. `apps/web/src/features/docs/content`), if inside it. */
  docsContentDir: string | null;
  /** The documentation pages that exist; affected pages are limited to these. */
  knownPages: ReadonlySet<string>;
  /** For a Markdown file, the page path its front matter names (read by the caller), else null. */
  docPagePath: string | null;
}

export interface Classification {
  fileType: DocFileType;
  impact: DocImpact;
  affectedDocs: string[];
}

const basename = (filePath: string) => filePath.slice(filePath.lastIndexOf('/') + 1);

/** Path words: folders, name parts and camelCase parts, lower-cased (`ModelPicker.tsx` → model, picker, tsx). */
export function pathTokens(filePath: string): string[] {
  return filePath
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const CONFIG_NAMES = /^(package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?)$/;
const CONFIG_PATTERNS = [
  /\.(json|jsonc|ya?ml|toml)$/,
  /^dockerfile/i,
  /^\.env/,
  /\.config\.[a-z]+$/,
  /^tsconfig/,
  /^\.(npmrc|nvmrc|node-version|editorconfig|prettierrc|dockerignore)$/,
];
/** UI files: components and the markup and styles around them. */
const COMPONENT_EXTENSIONS = /\.(tsx|jsx|vue|svelte|html|css|scss)$/;

function isDocsFile(filePath: string, docsContentDir: string | null): boolean {
  if (/\.mdx?$/i.test(filePath)) return true;
  if (filePath.startsWith('docs/') || filePath.includes('/docs/')) return true;
  return docsContentDir !== null && filePath.startsWith(`${docsContentDir}/`);
}

function isBackend(filePath: string): boolean {
  return (
    /(^|\/)(server|backend)\//.test(filePath) ||
    filePath.startsWith('api/') ||
    filePath.startsWith('supabase/functions/') ||
    /(^|\/)migrations?\//.test(filePath) ||
    filePath.endsWith('.sql')
  );
}

/**
 * docs (Markdown, docs/ folders), then config (manifests, lockfiles, JSON/YAML/TOML, Dockerfiles, env and
 * tool config), then backend (server code, SQL, migrations), then component (UI files, HTML, CSS, components/),
 * else service (libraries, hooks, API clients, the shared contract, any other code or asset).
 */
export function fileTypeOf(filePath: string, docsContentDir: string | null = null): DocFileType {
  const name = basename(filePath);
  if (isDocsFile(filePath, docsContentDir)) return 'docs';
  if (CONFIG_NAMES.test(name) || CONFIG_PATTERNS.some((pattern) => pattern.test(name))) return 'config';
  if (isBackend(filePath)) return 'backend';
  if (COMPONENT_EXTENSIONS.test(name) || /(^|\/)components\//.test(filePath)) return 'component';
  return 'service';
}

/** App entries, backend mains, compose files and READMEs: the spec's key files. */
export function isKeyFile(filePath: string): boolean {
  const name = basename(filePath);
  if (/^readme/i.test(name)) return true;
  if (/^(docker-)?compose([.-][\w.-]*)?\.ya?ml$/.test(name)) return true;
  // index.html of the repository or of an app (apps/web/index.html).
  if (/^((apps|packages)\/[^/]+\/)?index\.html$/.test(filePath)) return true;
  // Web entries: src/main.tsx, src/App.tsx (at the root or in an app).
  if (/^((apps|packages)\/[^/]+\/)?src\/(main\.[jt]sx?|App\.[jt]sx)$/.test(filePath)) return true;
  // Backend mains: apps/server/src/main.ts and app.ts, server/index.*.
  if (/^(apps\/)?(server|backend)\/(src\/)?(main|app|index|server)\.[cm]?[jt]s$/.test(filePath)) return true;
  return false;
}

const HIGH_WORDS = new Set(['pages', 'page', 'routes', 'route', 'auth', 'admin', 'api', 'config', 'configuration']);

/** A documentation page's own words (admin.md) say what it is about, not how much the code changed: low. */
export function impactOf(filePath: string, fileType: DocFileType): DocImpact {
  if (isKeyFile(filePath)) return 'critical';
  if (fileType === 'docs') return 'low';
  if (fileType === 'backend' || fileType === 'config') return 'high';
  if (pathTokens(filePath).some((token) => HIGH_WORDS.has(token))) return 'high';
  if (fileType === 'component') return 'medium';
  return 'low';
}

interface DocRule {
  words: readonly string[];
  /** Matches the file name itself (for rules on names rather than words). */
  name?: RegExp;
  pages: readonly string[];
}

/** Path words → the pages that describe them. Pages that do not exist are dropped when classifying. */
export const DOC_RULES: readonly DocRule[] = [
  { words: ['chat', 'chats', 'conversation', 'conversations'], pages: ['/docs/chat'] },
  {
    words: ['knowledge', 'document', 'documents', 'retrieval', 'collection', 'collections', 'ingestion'],
    pages: ['/docs/knowledge'],
  },
  { words: ['advanced', 'rerank', 'reranking', 'rag'], pages: ['/docs/advanced-retrieval'] },
  {
    words: ['model', 'models', 'runtime', 'runtimes', 'ollama', 'llama', 'provider', 'providers', 'gguf'],
    pages: ['/docs/runtimes', '/docs/getting-models', '/docs/models'],
  },
  { words: ['vision', 'ocr'], pages: ['/docs/vision'] },
  { words: ['admin', 'users', 'roles', 'audit'], pages: ['/docs/admin'] },
  { words: ['auth', 'security', 'ssrf', 'password', 'sessions'], pages: ['/docs/security'] },
  {
    words: ['docker', 'compose', 'dockerfile'],
    name: /^dockerfile/i,
    pages: ['/docs/quick-start/docker', '/docs/installation'],
  },
  { words: [], name: /^readme/i, pages: ['/docs/getting-started'] },
  { words: ['environment'], name: /^(config\.[cm]?[jt]s|\.env.*)$/, pages: ['/docs/configuration'] },
  { words: ['postgres', 'postgresql', 'database', 'migration', 'migrations', 'sqlite'], pages: ['/docs/database'] },
  { words: ['replica', 'replicas', 's3', 'storage', 'events'], pages: ['/docs/scaling-out'] },
  { words: ['prompt', 'prompts', 'tools', 'workspace'], pages: ['/docs/workspace'] },
  { words: ['gpu', 'cuda'], pages: ['/docs/gpu'] },
];

/** A Markdown page affects the page its front matter names (and README the getting-started page); code by its words. */
export function affectedDocsOf(input: ClassifyInput, fileType: DocFileType): string[] {
  const tokens = new Set(fileType === 'docs' ? [] : pathTokens(input.filePath));
  const name = basename(input.filePath);
  const pages = new Set<string>();
  if (input.docPagePath) pages.add(input.docPagePath);
  for (const rule of DOC_RULES) {
    if (rule.words.some((word) => tokens.has(word)) || rule.name?.test(name)) {
      for (const page of rule.pages) pages.add(page);
    }
  }
  let known = [...pages].filter((page) => input.knownPages.has(page));
  // A key file no word matches (the server's main, the web app's entry) still changes what the docs describe.
  if (known.length === 0 && isKeyFile(input.filePath)) {
    known = KEY_FILE_PAGES[fileType === 'backend' ? 'backend' : 'web'].filter((page) => input.knownPages.has(page));
  }
  return known.sort();
}

/** Where a key file with no more specific page is described: configuration and start-up, or the first steps. */
const KEY_FILE_PAGES = {
  backend: ['/docs/configuration'],
  web: ['/docs/first-steps'],
} as const;

/** Tests, fixtures and benchmarks change nothing a user reads about. */
export function isTestFile(filePath: string): boolean {
  return (
    /\.(test|spec|bench)\.[cm]?[jt]sx?$/.test(filePath) ||
    /(^|\/)(test|tests|__tests__|e2e|fixtures|bench)\//.test(filePath)
  );
}

export function classify(input: ClassifyInput): Classification {
  const fileType = fileTypeOf(input.filePath, input.docsContentDir);
  // A test is recorded as low impact with no pages, so it is ignored like other low-impact files.
  if (isTestFile(input.filePath)) return { fileType, impact: 'low', affectedDocs: [] };
  return { fileType, impact: impactOf(input.filePath, fileType), affectedDocs: affectedDocsOf(input, fileType) };
}

/** Low impact with no affected docs is not recorded (spec §9). */
export const isIgnored = (classification: Classification): boolean =>
  classification.impact === 'low' && classification.affectedDocs.length === 0;
