import type { DocPageDetail, DocPageOverrideList, DocPageSummaryList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { PAGE_CHANGED_MESSAGE } from './doc-page.service';

type Answer = DocPageDetail & { code?: string; message?: string };

const page = (path: string, title: string, body: string) => `---\ntitle: ${title}\npath: ${path}\n---\n\n${body}\n`;

describe(`documentation pages: edit, history, revert (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;

  const detail = (path: string, token = superAdmin.token) =>
    server.request<Answer>(`/api/admin/docs/page?path=${encodeURIComponent(path)}`, { token });
  const save = (body: Record<string, unknown>, token = superAdmin.token) =>
    server.request<Answer>('/api/admin/docs/page', { method: 'PUT', token, body });
  const revert = (path: string, revision: number) =>
    server.request<Answer>('/api/admin/docs/page/revert', { token: superAdmin.token, body: { path, revision } });
  const publicPages = async () => (await server.request<DocPageOverrideList>('/api/docs/pages')).body.pages;

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    superAdmin = await createUser(server, 'docs-super');
    admin = await createUser(server, 'docs-admin');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists every shipped page, none edited, and serves the shipped source as revision 0', async () => {
    const list = await server.request<DocPageSummaryList>('/api/admin/docs/pages', { token: superAdmin.token });
    expect(list.status).toBe(200);
    const paths = list.body.pages.map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['/docs', '/docs/chat', '/docs/quick-start/docker']));
    expect(list.body.pages.every((entry) => !entry.edited && entry.revision === 0)).toBe(true);
    const chat = await detail('/docs/chat');
    expect(chat.body).toMatchObject({ path: '/docs/chat', title: 'Chat', revision: 0, revisions: [] });
    expect(chat.body.source).toBe(chat.body.shippedSource);
    expect(chat.body.source).toContain('## Sending messages');
    expect(await publicPages()).toEqual([]);
  });

  it('saves revisions the public docs read, refuses stale and broken saves, and reverts', async () => {
    const path = '/docs/vision';
    const first = await save({ path, source: page(path, 'Vision', 'First edit.'), baseRevision: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ revision: 1, title: 'Vision' });
    expect(first.body.revisions).toMatchObject([{ revision: 1, kind: 'edit', createdBy: { id: superAdmin.id } }]);
    expect(await publicPages()).toMatchObject([{ path, revision: 1, source: page(path, 'Vision', 'First edit.') }]);

    // Someone saved revision 1 since this editor loaded revision 0.
    const stale = await save({ path, source: page(path, 'Vision', 'Lost edit.'), baseRevision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PAGE_CHANGED_MESSAGE);

    const noFrontMatter = await save({ path, source: 'Just text', baseRevision: 1 });
    expect(noFrontMatter.status).toBe(400);
    const moved = await save({ path, source: page('/docs/elsewhere', 'Vision', 'x'), baseRevision: 1 });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('The front matter must keep path: /docs/vision');
    expect(
      (await save({ path: '/docs/no-such-page', source: page('/docs/no-such-page', 'X', 'x'), baseRevision: 0 }))
        .status,
    ).toBe(404);
    expect((await detail('/etc/passwd')).status).toBe(400);

    const second = await save({ path, source: page(path, 'Seeing images', 'Second edit.'), baseRevision: 1 });
    expect(second.body).toMatchObject({ revision: 2, title: 'Seeing images' });
    // Saving the current text again makes no revision.
    const same = await save({ path, source: page(path, 'Seeing images', 'Second edit.'), baseRevision: 2 });
    expect(same.body.revision).toBe(2);

    const older = await server.request<{ source: string }>(`/api/admin/docs/page/revision?path=${path}&revision=1`, {
      token: superAdmin.token,
    });
    expect(older.body.source).toBe(page(path, 'Vision', 'First edit.'));
    const missing = await server.request(`/api/admin/docs/page/revision?path=${path}&revision=9`, {
      token: superAdmin.token,
    });
    expect(missing.status).toBe(404);

    const restored = await revert(path, 1);
    expect(restored.body).toMatchObject({ revision: 3, source: page(path, 'Vision', 'First edit.') });
    expect(restored.body.revisions[0]).toMatchObject({ revision: 3, kind: 'revert', restoredRevision: 1 });
    const shipped = await revert(path, 0);
    expect(shipped.body.revision).toBe(4);
    expect(shipped.body.source).toBe(shipped.body.shippedSource);
    expect(shipped.body.revisions.map((entry) => entry.revision)).toEqual([4, 3, 2, 1]);

    const audit = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['action', 'resource_type', 'resource_id', 'actor_id'])
      .where('resource_type', '=', 'doc_page')
      .execute();
    expect(audit).toHaveLength(4);
    expect(audit.every((entry) => entry.resource_id === path && entry.actor_id === superAdmin.id)).toBe(true);
  });

  it('lets only the super admin read drafts or write; the saved pages are public', async () => {
    expect((await detail('/docs/chat', admin.token)).status).toBe(403);
    const attempt = await save(
      { path: '/docs/chat', source: page('/docs/chat', 'Chat', 'x'), baseRevision: 0 },
      admin.token,
    );
    expect(attempt.status).toBe(403);
    expect((await server.request('/api/docs/pages')).status).toBe(200);
  });
});
