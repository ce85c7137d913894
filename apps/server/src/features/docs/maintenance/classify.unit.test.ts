import { describe, expect, it } from 'vitest';
import { affectedDocsOf, classify, fileTypeOf, impactOf, isIgnored, pathTokens } from './classify';

const CONTENT = 'apps/web/src/features/docs/content';
const PAGES = new Set([
  '/docs/chat',
  '/docs/knowledge',
  '/docs/advanced-retrieval',
  '/docs/runtimes',
  '/docs/getting-models',
  '/docs/models',
  '/docs/admin',
  '/docs/security',
  '/docs/quick-start/docker',
  '/docs/installation',
  '/docs/getting-started',
  '/docs/configuration',
  '/docs/database',
  '/docs/scaling-out',
  '/docs/workspace',
  '/docs/gpu',
  '/docs/first-steps',
]);
const of = (filePath: string, docPagePath: string | null = null) =>
  classify({ filePath, docsContentDir: CONTENT, knownPages: PAGES, docPagePath });

describe('fileTypeOf', () => {
  it.each([
    ['README.md', 'docs'],
    ['docs/architecture.txt', 'docs'],
    [`${CONTENT}/chat.md`, 'docs'],
    [`${CONTENT}/images/flow.svg`, 'docs'],
    ['package.json', 'config'],
    ['package-lock.json', 'config'],
    ['apps/server/tsconfig.json', 'config'],
    ['Dockerfile', 'config'],
    ['Dockerfile.gpu', 'config'],
    ['docker-compose.yml', 'config'],
    ['.env.example', 'config'],
    ['vite.config.ts', 'config'],
    ['apps/server/src/features/chat/chat.service.ts', 'backend'],
    ['server/index.js', 'backend'],
    ['api/handler.py', 'backend'],
    ['supabase/functions/generate-doc-update/index.ts', 'backend'],
    ['db/migrations/0001_init.ts', 'backend'],
    ['schema.sql', 'backend'],
    ['apps/web/src/features/chat/components/composer.tsx', 'component'],
    ['src/Widget.vue', 'component'],
    ['apps/web/index.html', 'component'],
    ['apps/web/src/styles.css', 'component'],
    ['apps/web/src/components/ui/button.ts', 'component'],
    ['apps/web/src/lib/api-client.ts', 'service'],
    ['apps/web/src/features/chat/hooks/use-stream.ts', 'service'],
    ['apps/web/src/features/chat/api/get-messages.ts', 'service'],
    ['packages/contract/src/chat.ts', 'service'],
  ])('%s is %s', (filePath, type) => {
    expect(fileTypeOf(filePath, CONTENT)).toBe(type);
  });
});

describe('impactOf', () => {
  it.each([
    ['apps/web/src/main.tsx', 'critical'],
    ['src/main.tsx', 'critical'],
    ['src/App.tsx', 'critical'],
    ['index.html', 'critical'],
    ['apps/web/index.html', 'critical'],
    ['apps/server/src/main.ts', 'critical'],
    ['apps/server/src/app.ts', 'critical'],
    ['server/index.ts', 'critical'],
    ['docker-compose.yml', 'critical'],
    ['compose.gpu.yaml', 'critical'],
    ['README.md', 'critical'],
    ['apps/web/src/pages/settings.tsx', 'high'],
    ['apps/web/src/features/accounts/auth-form.tsx', 'high'],
    ['apps/web/src/features/admin/users-table.tsx', 'high'],
    ['apps/web/src/features/chat/api/get-messages.ts', 'high'],
    ['apps/server/src/features/chat/chat.service.ts', 'high'],
    ['package.json', 'high'],
    ['apps/web/src/features/chat/components/composer.tsx', 'medium'],
    ['apps/web/src/lib/format-date.ts', 'low'],
    [`${CONTENT}/admin.md`, 'low'],
  ])('%s is %s', (filePath, impact) => {
    expect(impactOf(filePath, fileTypeOf(filePath, CONTENT))).toBe(impact);
  });
});

describe('affected docs', () => {
  it('maps path words to the pages that exist', () => {
    expect(of('apps/server/src/features/chat/chat.service.ts').affectedDocs).toEqual(['/docs/chat']);
    expect(of('apps/server/src/features/knowledge/advanced-search.service.ts').affectedDocs).toEqual([
      '/docs/advanced-retrieval',
      '/docs/knowledge',
    ]);
    expect(of('apps/web/src/features/models/components/ModelPicker.tsx').affectedDocs).toEqual([
      '/docs/getting-models',
      '/docs/models',
      '/docs/runtimes',
    ]);
    expect(of('Dockerfile').affectedDocs).toEqual(['/docs/installation', '/docs/quick-start/docker']);
    expect(of('README.md').affectedDocs).toEqual(['/docs/getting-started']);
    expect(of('apps/server/src/config.ts').affectedDocs).toEqual(['/docs/configuration']);
    expect(of('.env.example').affectedDocs).toEqual(['/docs/configuration']);
    expect(of('apps/server/src/db/migrations/0002_x.ts').affectedDocs).toEqual(['/docs/database']);
    expect(of('apps/server/src/storage/s3-blob-store.ts').affectedDocs).toEqual(['/docs/scaling-out']);
    expect(of('apps/web/src/features/prompts/prompt-list.tsx').affectedDocs).toEqual(['/docs/workspace']);
    expect(of('scripts/cuda-check.sh').affectedDocs).toEqual(['/docs/gpu']);
    expect(of('apps/server/src/http/ssrf-guard.ts').affectedDocs).toEqual(['/docs/security']);
  });

  it('maps a Markdown page to the page its front matter names, not by its words', () => {
    expect(of(`${CONTENT}/admin.md`, '/docs/admin')).toEqual({
      fileType: 'docs',
      impact: 'low',
      affectedDocs: ['/docs/admin'],
    });
    // A page that does not exist is not offered.
    expect(of('docs/notes.md', '/docs/unknown').affectedDocs).toEqual([]);
  });

  it('sends key files no word matches to the configuration or first-steps page', () => {
    expect(of('apps/server/src/app.ts')).toMatchObject({ impact: 'critical', affectedDocs: ['/docs/configuration'] });
    expect(of('apps/server/src/main.ts').affectedDocs).toEqual(['/docs/configuration']);
    expect(of('apps/web/src/main.tsx')).toMatchObject({ impact: 'critical', affectedDocs: ['/docs/first-steps'] });
    expect(of('apps/web/index.html').affectedDocs).toEqual(['/docs/first-steps']);
    // A key file with its own page keeps it.
    expect(of('README.md').affectedDocs).toEqual(['/docs/getting-started']);
  });

  it('ignores tests, end-to-end specs and benchmarks', () => {
    for (const file of [
      'apps/server/src/features/admin/admin-users.test.ts',
      'e2e/docs.spec.ts',
      'apps/server/test/fakes/fake-ollama.ts',
      'bench/chat.ts',
      'apps/web/src/features/chat/chat.test.tsx',
    ]) {
      expect(isIgnored(of(file)), file).toBe(true);
    }
    expect(isIgnored(of('apps/server/src/features/admin/admin-user.service.ts'))).toBe(false);
  });

  it('drops pages that do not exist', () => {
    const input = { filePath: 'apps/server/src/features/chat/x.ts', docsContentDir: null, docPagePath: null };
    expect(affectedDocsOf({ ...input, knownPages: new Set(['/docs/models']) }, 'backend')).toEqual([]);
  });

  it('ignores low impact files with no affected docs only', () => {
    expect(isIgnored(of('apps/web/src/lib/format-date.ts'))).toBe(true);
    expect(isIgnored(of('apps/web/src/lib/chat-format.ts'))).toBe(false);
    expect(isIgnored(of('apps/web/src/features/x/components/box.tsx'))).toBe(false);
  });

  it('splits paths into words, camelCase included', () => {
    expect(pathTokens('src/ModelPicker.tsx')).toEqual(['src', 'model', 'picker', 'tsx']);
  });
});
