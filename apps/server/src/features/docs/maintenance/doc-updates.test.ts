import type {
  AuditLogList,
  DetectDocChangesResult,
  DocPageDetail,
  DocPageOverrideList,
  DocUpdate,
  DocDraftJob,
  DocUpdateList,
  ProcessDocUpdatesResult,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../../test/fakes/fake-ollama';
import { assignRole } from '../../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../../test/test-server';
import { codeLines, createGitFixture, draftAndWait, type GitFixture } from './maintenance-test-helpers';

type Answer<T> = T & { code?: string; message?: string; details?: { update?: DocUpdate } };

const CHAT_SERVICE = 'apps/server/src/features/chat/chat.service.ts';
const COMPOSER = 'apps/web/src/features/chat/components/composer.tsx';

describe(`documentation updates: drafting, automatic processing, review (${testDb})`, () => {
  let server: TestServer;
  let ollama: FakeOllama;
  let repo: GitFixture;
  let superAdmin: TestUser;
  let admin: TestUser;
  let shippedChat: string;
  /** Change ids by file path. */
  const changeIds = new Map<string, string>();

  const post = <T>(urlPath: string, body?: unknown, token = superAdmin.token) =>
    server.request<Answer<T>>(urlPath, { method: 'POST', token, body });
  /** Drafting runs as a job: started (202), then followed until it ends. */
  const draft = (filePath: string, token = superAdmin.token) => draftAndWait(server, changeIds.get(filePath), token);
  const chatPage = async () =>
    (await server.request<DocPageDetail>('/api/admin/docs/page?path=/docs/chat', { token: superAdmin.token })).body;
  const publicChat = async () =>
    (await server.request<DocPageOverrideList>('/api/docs/pages')).body.pages.find(
      (page) => page.path === '/docs/chat',
    );
  const updates = async (status?: string) =>
    (
      await server.request<DocUpdateList>(`/api/admin/docs/updates${status ? `?status=${status}` : ''}`, {
        token: superAdmin.token,
      })
    ).body.updates;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false', MODEL_LIST_CACHE_MS: '0' });
    superAdmin = await createUser(server, 'upd-super');
    admin = await createUser(server, 'upd-admin');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    shippedChat = (await chatPage()).source;

    repo = createGitFixture();
    repo.write({
      [CHAT_SERVICE]: codeLines(6, 'chat'),
      [COMPOSER]: codeLines(4, 'composer'),
      'README.md': '# Demo\n',
    });
    repo.commit('start');
    const settings = await server.request('/api/admin/docs/maintenance/settings', {
      method: 'PUT',
      token: superAdmin.token,
      body: { repoPath: repo.dir, model: null },
    });
    expect(settings.status).toBe(200);
    const detected = await post<DetectDocChangesResult>('/api/admin/docs/changes/detect', {});
    for (const change of detected.body.changes) changeIds.set(change.filePath, change.id);
  });
  afterAll(async () => {
    await server.close();
    await ollama.close();
    repo.close();
  });

  it('generate-update answers the model’s page (without a wrapping fence) and shows it the change and the page', async () => {
    const page = `${shippedChat}\nAttachments can now be dropped onto the composer.\n`;
    ollama.knobs.reply = `\`\`\`markdown\n${page}\`\`\``;
    const generated = await post<{ updatedContent: string }>('/api/admin/docs/generate-update', {
      prompt: 'Keep it short.',
      change: changeIds.get(CHAT_SERVICE),
      docPath: '/docs/chat',
    });
    expect(generated.status).toBe(200);
    // The fake streams word by word: newlines survive, the fence goes.
    expect(generated.body.updatedContent).toBe(page);
    const request = ollama.chats().at(-1)?.body as { messages: { role: string; content: string }[]; options?: unknown };
    const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
    expect(request.messages[0]?.content).toContain('complete updated Markdown page');
    expect(user).toContain('Keep it short.');
    expect(user).toContain(`Changed file: ${CHAT_SERVICE}`);
    expect(user).toContain('+export const chat5 = 5;');
    expect(user).toContain(shippedChat.trim());
    expect(await updates()).toEqual([]); // records nothing

    const unknown = await post('/api/admin/docs/generate-update', { change: 'nope', docPath: '/docs/chat' });
    expect(unknown.status).toBe(404);
  });

  it('drafts automatic updates for confident changes and review-required ones for the rest', async () => {
    const page = `${shippedChat}\nThe chat service now keeps drafts.\n`;
    ollama.knobs.reply = page;
    // Backend, high impact, near-identical page: 0.5 + 0.2 + 0.15 + 0.1.
    const backend = await draft(CHAT_SERVICE);
    expect(backend.status).toBe(200);
    expect(backend.body.change.processed).toBe(true);
    expect(backend.body.updates).toHaveLength(1);
    expect(backend.body.updates[0]).toMatchObject({
      docPath: '/docs/chat',
      filePath: CHAT_SERVICE,
      currentContent: shippedChat,
      suggestedContent: page,
      updateType: 'automatic',
      status: 'pending',
      aiConfidence: 0.95,
    });
    // A medium-impact component: 0.5 + 0.1.
    const component = await draft(COMPOSER);
    expect(component.body.updates[0]).toMatchObject({ updateType: 'review_required', aiConfidence: 0.6 });
    // The model's page is the chat page, not /docs/getting-started: never automatic.
    const readme = await draft('README.md');
    expect(readme.body.updates[0]).toMatchObject({ docPath: '/docs/getting-started', updateType: 'review_required' });
    expect(readme.body.updates[0]?.aiConfidence).toBeLessThan(0.5);
    // Drafting again while updates are pending is refused.
    expect((await draft(CHAT_SERVICE)).status).toBe(409);
    expect(await updates('pending')).toHaveLength(3);
  });

  it('processes only the automatic updates: the docs page changes', async () => {
    const processed = await post<ProcessDocUpdatesResult>('/api/admin/docs/updates/process-automatic');
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({ applied: 1, rejected: 0 });
    expect(processed.body.updates[0]).toMatchObject({ filePath: CHAT_SERVICE, status: 'applied' });
    expect(processed.body.updates[0]?.decidedAt).toBeTruthy();
    const published = await publicChat();
    expect(published?.source).toBe(`${shippedChat}\nThe chat service now keeps drafts.\n`);
    expect((await chatPage()).revisions[0]).toMatchObject({ kind: 'doc_update' });
    // Review-required ones stay pending.
    expect((await updates('pending')).map((update) => update.updateType)).toEqual([
      'review_required',
      'review_required',
    ]);
    const again = await post<ProcessDocUpdatesResult>('/api/admin/docs/updates/process-automatic');
    expect(again.body).toMatchObject({ applied: 0, rejected: 0, updates: [] });
  });

  it('rejects an automatic update whose page was edited after drafting', async () => {
    const drafted = (await chatPage()).source;
    ollama.knobs.reply = `${drafted}\nSecond automatic note.\n`;
    const redraft = await draft(CHAT_SERVICE);
    expect(redraft.body.updates[0]?.updateType).toBe('automatic');
    const current = await chatPage();
    const edited = await server.request('/api/admin/docs/page', {
      method: 'PUT',
      token: superAdmin.token,
      body: { path: '/docs/chat', source: `${current.source}\nAn admin's edit.\n`, baseRevision: current.revision },
    });
    expect(edited.status).toBe(200);
    const processed = await post<ProcessDocUpdatesResult>('/api/admin/docs/updates/process-automatic');
    expect(processed.body).toMatchObject({ applied: 0, rejected: 1 });
    expect(processed.body.updates[0]).toMatchObject({
      status: 'rejected',
      error: 'The page changed since this update was drafted',
    });
    expect((await publicChat())?.source).toBe(`${current.source}\nAn admin's edit.\n`);
  });

  it('applies and rejects review-required updates; decided ones answer 409', async () => {
    const pending = await updates('pending');
    const composer = pending.find((update) => update.filePath === COMPOSER);
    const readme = pending.find((update) => update.filePath === 'README.md');
    if (!composer || !readme) throw new Error('expected two pending updates');

    // Drafted from the shipped page, which has changed since: applying fails and rejects it.
    const stale = await post<DocUpdate>(`/api/admin/docs/updates/${composer.id}/apply`);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The page changed since this update was drafted');
    expect(stale.body.details?.update?.status).toBe('rejected');

    const rejected = await post<DocUpdate>(`/api/admin/docs/updates/${readme.id}/reject`);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', error: null });
    expect((await post(`/api/admin/docs/updates/${readme.id}/reject`)).body.message).toBe('Update is not pending');
    expect((await post(`/api/admin/docs/updates/${readme.id}/apply`)).status).toBe(409);

    // A fresh review-required draft from the current page applies cleanly.
    const current = (await chatPage()).source;
    ollama.knobs.reply = `${current}\nThe composer accepts pasted images.\n`;
    const fresh = await draft(COMPOSER);
    const update = fresh.body.updates[0];
    expect(update?.updateType).toBe('review_required');
    const applied = await post<DocUpdate>(`/api/admin/docs/updates/${update?.id}/apply`);
    expect(applied.status).toBe(200);
    expect(applied.body.status).toBe('applied');
    expect((await publicChat())?.source).toBe(`${current}\nThe composer accepts pasted images.\n`);
    expect((await post(`/api/admin/docs/updates/${update?.id}/apply`)).status).toBe(409);
  });

  it('audits drafts and decisions', async () => {
    const response = await server.request<AuditLogList>(
      '/api/audit-logs?scope=organization&resource_type=doc_update&limit=100',
      { token: superAdmin.token },
    );
    const statuses = response.body.entries.map((entry) => `${entry.action}:${String(entry.details.status ?? '')}`);
    expect(statuses.filter((entry) => entry === 'CREATE:')).toHaveLength(5);
    expect(statuses.filter((entry) => entry === 'UPDATE:applied')).toHaveLength(2);
    expect(statuses.filter((entry) => entry === 'UPDATE:rejected')).toHaveLength(3);
  });

  it('refuses non-super-admins and explains a missing model', async () => {
    expect((await server.request('/api/admin/docs/updates', { token: admin.token })).status).toBe(403);
    expect((await post('/api/admin/docs/updates/process-automatic', undefined, admin.token)).status).toBe(403);
    expect((await draft(CHAT_SERVICE, admin.token)).status).toBe(403);
    expect((await server.request('/api/admin/docs/updates')).status).toBe(401);

    await server.request('/api/admin/docs/maintenance/settings', {
      method: 'PUT',
      token: superAdmin.token,
      body: { repoPath: repo.dir, model: 'missing-model:latest' },
    });
    const missing = await post('/api/admin/docs/generate-update', {
      change: changeIds.get(CHAT_SERVICE),
      docPath: '/docs/chat',
    });
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('model_not_found');
  });

  it('drafts as a job: 202 at once, then page progress and the result; a model failure fails the job with its reason', async () => {
    const id = changeIds.get(CHAT_SERVICE);
    const follow = async (jobId: string) => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        const job = await server.request<DocDraftJob>(`/api/admin/docs/drafts/${jobId}`, { token: superAdmin.token });
        if (job.body.status === 'done' || job.body.status === 'failed') return job.body;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the draft job did not end');
    };
    // The model set in the previous test does not exist: the job fails and says why.
    const started = await post<DocDraftJob>(`/api/admin/docs/changes/${id}/draft`);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ changeId: id, status: 'queued', progress: null, result: null });
    const failed = await follow(started.body.id);
    expect(failed).toMatchObject({ status: 'failed', result: null });
    expect(failed.error).toMatch(/missing-model/);

    await server.request('/api/admin/docs/maintenance/settings', {
      method: 'PUT',
      token: superAdmin.token,
      body: { repoPath: repo.dir, model: null },
    });
    ollama.knobs.reply = `${(await chatPage()).source}\nDrafted by a job.\n`;
    const again = await post<DocDraftJob>(`/api/admin/docs/changes/${id}/draft`);
    const done = await follow(again.body.id);
    expect(done).toMatchObject({ status: 'done', progress: { done: 1, total: 1 }, error: null });
    expect(done.result?.change).toMatchObject({ id, processed: true });
    expect(done.result?.updates.map((update) => update.docPath)).toEqual(['/docs/chat']);
    expect((await server.request(`/api/admin/docs/drafts/${again.body.id}`, { token: admin.token })).status).toBe(403);
    expect(
      (await server.request('/api/admin/docs/drafts/00000000-0000-4000-8000-000000000000', { token: superAdmin.token }))
        .status,
    ).toBe(404);
  });
});
