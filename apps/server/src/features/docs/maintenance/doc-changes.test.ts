import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  AuditLogList,
  DetectDocChangesResult,
  DocChange,
  DocChangeList,
  DocsMaintenanceSettings,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../../test/test-server';
import { codeLines, createGitFixture, docPage, type GitFixture } from './maintenance-test-helpers';

type Answer<T> = T & { code?: string; message?: string };

describe(`documentation change detection (${testDb})`, () => {
  let server: TestServer;
  let repo: GitFixture;
  let superAdmin: TestUser;
  let admin: TestUser;
  let first: string;
  let second: string;

  const detect = (body: Record<string, unknown> = {}, token = superAdmin.token) =>
    server.request<Answer<DetectDocChangesResult>>('/api/admin/docs/changes/detect', { token, body });
  const putSettings = (body: Record<string, unknown>, token = superAdmin.token) =>
    server.request<Answer<DocsMaintenanceSettings>>('/api/admin/docs/maintenance/settings', {
      method: 'PUT',
      token,
      body,
    });
  const byPath = (changes: DocChange[]) => new Map(changes.map((change) => [change.filePath, change]));

  beforeAll(async () => {
    repo = createGitFixture();
    repo.write({
      'README.md': '# Demo\n\nStart here.\n',
      'package.json': '{ "name": "demo" }\n',
      'apps/web/src/features/chat/components/composer.tsx': codeLines(5, 'composer'),
      'apps/web/src/lib/format-date.ts': codeLines(3, 'date'),
      'apps/server/src/features/chat/chat.service.ts': codeLines(8, 'chat'),
      'apps/server/src/features/chat/legacy.ts': codeLines(4, 'legacy'),
      'apps/web/src/features/models/model-list.ts': codeLines(30, 'model'),
      'docs/chat.md': docPage('Chat', '/docs/chat', 'How chat works.'),
      'docs/notes.md': 'Loose notes without front matter.\n',
    });
    first = repo.commit('first');
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    superAdmin = await createUser(server, 'docs-super');
    admin = await createUser(server, 'docs-admin');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
  });
  afterAll(async () => {
    await server.close();
    repo.close();
  });

  it('defaults to the app’s own working tree and validates a configured one', async () => {
    const initial = await server.request<DocsMaintenanceSettings>('/api/admin/docs/maintenance/settings', {
      token: superAdmin.token,
    });
    expect(initial.status).toBe(200);
    // The tests run from the Hearth checkout, which is a git working tree.
    expect(initial.body).toMatchObject({ repoPath: null, isGitRepository: true, lastProcessedCommit: null });
    expect(initial.body.effectiveRepoPath).toBeTruthy();

    expect((await putSettings({ repoPath: 'relative/path', model: null })).status).toBe(400);
    expect((await putSettings({ repoPath: path.join(repo.dir, 'missing'), model: null })).status).toBe(400);
    const plain = mkdtempSync(path.join(tmpdir(), 'hearth-not-git-'));
    try {
      const refused = await putSettings({ repoPath: plain, model: null });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_error');
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    expect((await putSettings({ repoPath: repo.dir, model: null }, admin.token)).status).toBe(403);

    const saved = await putSettings({ repoPath: repo.dir, model: 'llama3:latest' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      repoPath: repo.dir,
      effectiveRepoPath: repo.dir,
      isGitRepository: true,
      lastProcessedCommit: null,
      model: 'llama3:latest',
      effectiveModel: 'llama3:latest',
    });
  });

  it('records the whole history first, classified, leaving low-impact files with no docs out', async () => {
    const result = await detect();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ baseCommit: null, headCommit: first, ignored: 2, skipped: 0 });
    const changes = byPath(result.body.changes);
    expect([...changes.keys()].sort()).toEqual([
      'README.md',
      'apps/server/src/features/chat/chat.service.ts',
      'apps/server/src/features/chat/legacy.ts',
      'apps/web/src/features/chat/components/composer.tsx',
      'apps/web/src/features/models/model-list.ts',
      'docs/chat.md',
      'package.json',
    ]);
    expect(changes.get('README.md')).toMatchObject({
      fileType: 'docs',
      changeType: 'added',
      impact: 'critical',
      affectedDocs: ['/docs/getting-started'],
      linesChanged: 3,
      commit: first,
      processed: false,
    });
    expect(changes.get('package.json')).toMatchObject({ fileType: 'config', impact: 'high', affectedDocs: [] });
    expect(changes.get('apps/server/src/features/chat/chat.service.ts')).toMatchObject({
      fileType: 'backend',
      impact: 'high',
      affectedDocs: ['/docs/chat'],
      linesChanged: 8,
    });
    expect(changes.get('apps/web/src/features/chat/components/composer.tsx')).toMatchObject({
      fileType: 'component',
      impact: 'medium',
      affectedDocs: ['/docs/chat'],
    });
    expect(changes.get('apps/web/src/features/models/model-list.ts')).toMatchObject({
      fileType: 'service',
      impact: 'low',
      affectedDocs: ['/docs/getting-models', '/docs/models', '/docs/runtimes'],
    });
    // A Markdown page affects the page its front matter names.
    expect(changes.get('docs/chat.md')).toMatchObject({
      fileType: 'docs',
      impact: 'low',
      affectedDocs: ['/docs/chat'],
    });

    // The most important come first; the model sees a diff excerpt of each file.
    expect(result.body.changes[0]?.impact).toBe('critical');
    const stored = await server.app.db.kysely
      .selectFrom('doc_changes')
      .select(['file_path', 'diff_excerpt'])
      .where('file_path', '=', 'apps/server/src/features/chat/chat.service.ts')
      .executeTakeFirstOrThrow();
    expect(stored.diff_excerpt).toContain('+export const chat7 = 7;');

    const settings = await server.request<DocsMaintenanceSettings>('/api/admin/docs/maintenance/settings', {
      token: superAdmin.token,
    });
    expect(settings.body.lastProcessedCommit).toBe(first);
  });

  it('then finds only what later commits changed: modified, renamed, deleted', async () => {
    repo.write({
      'apps/web/src/features/chat/components/composer.tsx': codeLines(205, 'composer'),
      'docs/chat.md': docPage('Chat', '/docs/chat', 'How chat works, now with attachments.'),
      'apps/web/src/lib/format-date.ts': codeLines(4, 'date'),
    });
    repo.git('mv', 'apps/web/src/features/models/model-list.ts', 'apps/web/src/features/models/model-catalogue.ts');
    repo.remove('apps/server/src/features/chat/legacy.ts');
    second = repo.commit('second');

    const result = await detect();
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ baseCommit: first, headCommit: second, ignored: 1 });
    const changes = byPath(result.body.changes);
    expect(changes.size).toBe(4);
    expect(changes.get('apps/web/src/features/chat/components/composer.tsx')).toMatchObject({
      changeType: 'modified',
      impact: 'medium',
      linesChanged: 200,
    });
    expect(changes.get('apps/web/src/features/models/model-catalogue.ts')).toMatchObject({
      changeType: 'renamed',
      previousPath: 'apps/web/src/features/models/model-list.ts',
      linesChanged: 0,
    });
    expect(changes.get('apps/server/src/features/chat/legacy.ts')).toMatchObject({
      changeType: 'deleted',
      fileType: 'backend',
      impact: 'high',
      linesChanged: 4,
    });
    expect(changes.get('docs/chat.md')).toMatchObject({ changeType: 'modified', affectedDocs: ['/docs/chat'] });

    // Nothing new since: nothing recorded.
    const again = await detect();
    expect(again.body).toMatchObject({ baseCommit: second, headCommit: second, changes: [], ignored: 0 });
  });

  it('detects from a given commit and refuses unknown ones', async () => {
    const since = await detect({ since: first.slice(0, 10) });
    expect(since.status).toBe(200);
    expect(since.body.baseCommit).toBe(first);
    // Already recorded at this commit: the same rows, not duplicates.
    expect(since.body.changes).toHaveLength(4);
    const unknown = await detect({ since: 'deadbeefdeadbeef' });
    expect(unknown.status).toBe(400);
    expect((await detect({ since: 'HEAD; rm -rf /' })).status).toBe(400);
  });

  it('lists changes unprocessed first, newest first, for super admins only', async () => {
    const list = await server.request<DocChangeList>('/api/admin/docs/changes', { token: superAdmin.token });
    expect(list.status).toBe(200);
    expect(list.body.changes).toHaveLength(11);
    expect(list.body.changes.slice(0, 4).every((change) => change.commit === second)).toBe(true);
    expect((await server.request('/api/admin/docs/changes', { token: admin.token })).status).toBe(403);
    expect((await detect({}, admin.token)).status).toBe(403);
  });

  it('audits settings changes and detections', async () => {
    const entries = async (resourceType: string) =>
      (
        await server.request<AuditLogList>(
          `/api/audit-logs?scope=organization&resource_type=${resourceType}&limit=50`,
          { token: superAdmin.token },
        )
      ).body.entries;
    expect((await entries('docs_maintenance')).length).toBeGreaterThanOrEqual(1);
    const detections = await entries('doc_change');
    expect(detections.length).toBeGreaterThanOrEqual(4);
    expect(detections.at(-1)?.details).toMatchObject({ baseCommit: null, headCommit: first, recorded: 7, ignored: 2 });
  });

  it('answers 400 when the configured tree is gone, and a new tree starts from its whole history', async () => {
    const other = createGitFixture();
    try {
      other.write({ 'README.md': '# Other\n' });
      const head = other.commit('other');
      const moved = await putSettings({ repoPath: other.dir, model: null });
      expect(moved.body.lastProcessedCommit).toBeNull();
      other.close();
      const gone = await detect();
      expect(gone.status).toBe(400);
      expect(gone.body.message).toContain('no longer a git working tree');
      expect(head).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      other.close();
    }
  });
});
