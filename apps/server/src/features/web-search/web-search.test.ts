import type {
  AuditLogList,
  EgressReport,
  Message,
  UsedDocument,
  WebSearchSettings,
  WebSearchTestResult,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { type FakeSearch, startFakeSearch } from '../../../test/fakes/fake-search';
import { type FakeSite, htmlPage, startFakeSite } from '../../../test/fakes/fake-site';
import { assignRole } from '../../../test/helpers';
import { createUser, testDb, type TestUser } from '../../../test/test-server';

const QUESTION = 'How tall is the Hearthstone lighthouse?';
const PAGE_TEXT =
  'The Hearthstone lighthouse stands 42 metres tall on the northern cliffs. It was built in 1871 and still ' +
  'guides ships along the coast every night.';

describe(`web search in answers (${testDb})`, () => {
  let fixture: ChatFixture;
  let search: FakeSearch;
  let site: FakeSite;
  let superAdmin: TestUser;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    site = await startFakeSite({
      '/lighthouse': {
        body: `<!doctype html><html><head><title>Hearthstone lighthouse</title></head><body><nav>Home · About · Contact</nav><main><h1>Hearthstone lighthouse</h1><p>Opening hours and tickets are on the visitor page.</p><p>${PAGE_TEXT}</p></main></body></html>`,
      },
      '/other': { body: htmlPage('Coastal walks', 'Walks along the coast start at the harbour.') },
    });
    search = await startFakeSearch();
    fixture = await startChatServer();
    superAdmin = await createUser(fixture.server, 'web-root');
    admin = await createUser(fixture.server, 'web-admin');
    user = await createUser(fixture.server, 'web-user');
    await assignRole(fixture.server, superAdmin.token, admin.id, 'admin');
  });
  afterAll(async () => {
    await fixture.close();
    await Promise.all([search.close(), site.close()]);
  });

  const settings = (token: string, body: unknown) =>
    fixture.server.request<WebSearchSettings>('/api/admin/web-search', { method: 'PUT', token, body });
  const status = async (token: string) =>
    (await fixture.server.request<{ enabled: boolean }>('/api/web-search/status', { token })).body.enabled;
  const allowLoopback = (hosts: string[]) =>
    fixture.server.request('/api/admin/settings/network', {
      method: 'PUT',
      token: superAdmin.token,
      body: { allowed_hosts: hosts },
    });
  const ask = async (webSearch: boolean) => {
    const result = await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: 'llama3:latest',
      content: QUESTION,
      web_search: webSearch,
    });
    const done = result.events.find((event) => event.type === 'done');
    if (!done || done.type !== 'done') throw new Error(`no answer: ${JSON.stringify(result)}`);
    return done.message as Message;
  };
  /** The system prompt of the last answer to the question (not of the answer-support check after it). */
  const lastSystemPrompt = () => {
    const answers = fixture.ollama
      .chats()
      .map((chat) => (chat.body as { messages: { role: string; content: string }[] }).messages)
      .filter((messages) => messages.at(-1)?.content === QUESTION);
    return answers.at(-1)?.find((message) => message.role === 'system')?.content ?? '';
  };
  const webAudit = async () => {
    const query = new URLSearchParams({ resource_type: 'web_search', scope: 'organization', limit: '200' });
    const response = await fixture.server.request<AuditLogList>(`/api/audit-logs?${query}`, {
      token: superAdmin.token,
    });
    return response.body.entries;
  };

  it('is off by default: no toggle, and a chat asking for it answers without searching', async () => {
    const read = await fixture.server.request<WebSearchSettings>('/api/admin/web-search', { token: admin.token });
    expect(read.body).toMatchObject({ enabled: false, api_key_configured: false, results: 5 });
    expect(await status(user.token)).toBe(false);
    const answer = await ask(true);
    expect(answer.metadata?.web_queries).toBeUndefined();
    expect(answer.metadata?.used_documents).toBeUndefined();
    expect(search.queries()).toEqual([]);
    expect(lastSystemPrompt()).not.toContain('web search');
  });

  it('validates the settings; only super admins change them; the key is sealed and never shown', async () => {
    const searxng = { enabled: true, provider: 'searxng', base_url: search.url, results: 3 };
    expect((await settings(admin.token, searxng)).status).toBe(403);
    expect((await settings(superAdmin.token, { ...searxng, base_url: null })).status).toBe(400);
    expect((await settings(superAdmin.token, { ...searxng, base_url: 'http://169.254.169.254/' })).status).toBe(400);
    expect((await settings(superAdmin.token, { ...searxng, provider: 'brave', base_url: null })).status).toBe(400);
    const brave = await settings(superAdmin.token, { enabled: false, provider: 'brave', api_key: 'brave-secret-123' });
    expect(brave.body).toMatchObject({ provider: 'brave', api_key_configured: true, base_url: null });
    expect(JSON.stringify(brave.body)).not.toContain('brave-secret-123');
    const stored = await fixture.server.app.db.kysely
      .selectFrom('instance_settings')
      .select('value')
      .where('key', '=', 'web_search_settings')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain('brave-secret-123');
    const saved = await settings(superAdmin.token, { ...searxng, clear_api_key: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      enabled: true,
      provider: 'searxng',
      base_url: search.url,
      api_key_configured: false,
      results: 3,
    });
    expect(await status(user.token)).toBe(true);
  });

  it('refuses result pages on addresses the guard blocks, and reads them once an admin allows the host', async () => {
    search.results = [
      { title: 'Hearthstone lighthouse', url: `${site.url}/lighthouse`, content: 'A lighthouse on the cliffs.' },
      { title: 'Metadata', url: 'http://169.254.169.254/latest/meta-data', content: 'cloud metadata' },
    ];
    const refused = await ask(true);
    expect(site.paths()).toEqual([]); // loopback is not a public address: not even asked
    expect(refused.metadata?.web_queries).toEqual([QUESTION]);
    expect(refused.metadata?.used_documents ?? []).toEqual([]);

    expect((await allowLoopback(['127.0.0.1'])).status).toBe(200);
    const answer = await ask(true);
    expect(site.paths()).toEqual(['/lighthouse']); // the metadata address stays refused whatever the allowlist
    expect(answer.metadata?.web_queries).toEqual([QUESTION]);
    const [source] = answer.metadata?.used_documents ?? [];
    expect(source).toMatchObject({
      fileName: 'Hearthstone lighthouse',
      collectionName: new URL(site.url).host,
      url: `${site.url}/lighthouse`,
    });
    expect(source?.snippet).toContain('42 metres tall');
    expect(source?.snippet).not.toContain('Home · About');
    // The model was given the passage, numbered so that its citation matches the sources card.
    expect(lastSystemPrompt()).toContain(`[1] Hearthstone lighthouse (web page on ${new URL(site.url).host}`);
    expect(lastSystemPrompt()).toContain('42 metres tall');
    expect(search.queries().at(-1)).toBe(QUESTION);

    // POST /api/chat (non-streaming) shares the enhanced path.
    const legacy = await fixture.server.request<{ usedDocuments: UsedDocument[] }>('/api/chat', {
      token: user.token,
      body: { message: QUESTION, model: 'llama3:latest', web_search: true },
    });
    expect(legacy.body.usedDocuments[0]).toMatchObject({ url: `${site.url}/lighthouse` });
  });

  it('lists the provider among the outbound destinations while it is on', async () => {
    const egress = await fixture.server.request<EgressReport>('/api/admin/egress', { token: superAdmin.token });
    expect(egress.body.destinations).toContainEqual(
      expect.objectContaining({ kind: 'search', label: 'Web search (searxng)', loopback: true }),
    );
  });

  it('audits every query with its provider and outcome', async () => {
    const entries = await webAudit();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]).toMatchObject({
      user_id: user.id,
      actor_id: user.id,
      action: 'CREATE',
      resource_type: 'web_search',
      details: { query: QUESTION, provider: 'searxng', results: 2 },
    });
  });

  it('answers without pretending when the provider fails, and Test search says why', async () => {
    search.failWith = 429;
    const answer = await ask(true);
    expect(answer.metadata?.web_queries).toBeUndefined();
    expect(answer.metadata?.used_documents).toBeUndefined();
    expect(lastSystemPrompt()).toContain('the web search failed');
    const [entry] = await webAudit();
    expect(entry?.details).toMatchObject({ query: QUESTION, results: 0, error: expect.stringContaining('429') });

    const test = (token: string) =>
      fixture.server.request<WebSearchTestResult>('/api/admin/web-search/test', {
        token,
        body: { query: 'lighthouse' },
      });
    expect((await test(admin.token)).status).toBe(403);
    const failed = await test(superAdmin.token);
    expect(failed.body).toMatchObject({ ok: false, results: [], error: expect.stringContaining('HTTP 429') });
    search.failWith = null;
    const passed = await test(superAdmin.token);
    expect(passed.body.ok).toBe(true);
    expect(passed.body.results[0]).toMatchObject({ title: 'Hearthstone lighthouse', url: `${site.url}/lighthouse` });
  });

  it('does not search when the chat does not ask, or once the admin turns it off', async () => {
    const before = search.queries().length;
    expect((await ask(false)).metadata?.web_queries).toBeUndefined();
    await settings(superAdmin.token, { enabled: false, provider: 'searxng', base_url: search.url });
    expect(await status(user.token)).toBe(false);
    expect((await ask(true)).metadata?.web_queries).toBeUndefined();
    expect(search.queries().length).toBe(before);
    await allowLoopback([]);
  });
});
