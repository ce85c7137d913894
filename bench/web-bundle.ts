/**
 * npm run bench:web
 *
 * Builds the web app (production mode, into a temporary folder, with a Vite manifest) and prints the gzipped
 * JavaScript each route needs before it can render: the entry chunk and everything it imports statically
 * ("initial"), plus the lazily loaded chunks of that route's own screen. Budget: initial JS under 250 KB
 * gzipped. The last line is one JSON object. Exits 1 when the initial JS is over budget.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
const BUDGET_BYTES = 250 * 1024;

/**
 * Each route and the source modules its screen loads lazily (React.lazy in app/routes.tsx). A module that is
 * not a separate chunk in the build is already part of the initial bundle and adds nothing.
 */
const ROUTES: Record<string, string[]> = {
  '/ (visitor), /landing': ['src/features/landing/components/landing-page.tsx'],
  '/quick-start': ['src/features/setup/components/setup-page.tsx'],
  '/auth': ['src/features/auth/components/auth-page.tsx'],
  '/docs': ['src/features/docs/components/docs-route.tsx'],
  '/ (signed in), /dashboard, /c/:id': ['src/app/routes/chat-route.tsx'],
  '/workspace': ['src/app/routes/workspace/workspace-route.tsx'],
  '/knowledge': ['src/features/knowledge/components/knowledge-screen.tsx'],
  '/admin': ['src/features/admin/components/admin-dashboard.tsx'],
};

const outDir = mkdtempSync(path.join(tmpdir(), 'hearth-web-bundle-'));
try {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string): number => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  /** The JS files of a manifest entry and its static imports, recursively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const initialFiles = closure(entryKey);
  const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  const initial = total(initialFiles);

  const routes: Record<string, number> = {};
  for (const [route, modules] of Object.entries(ROUTES)) {
    const files = new Set(initialFiles);
    for (const module of modules) closure(module, files);
    routes[route] = total(files);
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`initial JS (gzipped): ${kb(initial)} of a ${kb(BUDGET_BYTES)} budget`);
  for (const [route, bytes] of Object.entries(routes)) console.log(`  ${route.padEnd(36)} ${kb(bytes)}`);
  const withinBudget = initial <= BUDGET_BYTES;
  console.log(
    JSON.stringify({ initial_js_gzip_bytes: initial, budget_bytes: BUDGET_BYTES, within_budget: withinBudget, routes }),
  );
  if (!withinBudget) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
