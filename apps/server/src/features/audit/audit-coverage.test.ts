import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AuditEntry, AuditLogList, ModelDownload, Prompt, Provider } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFileServer, startFakeFileServer, TINY_MODEL_PATH } from '../../../test/fakes/fake-file-server';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/fake-openai';
import { assignRole } from '../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const OPENAI_KEY = 'sk-audit-coverage-key-0123456789';
const EMBED_MODEL = 'ollama:nomic-embed-text';
const SECURITY = {
  password_min_length: 10,
  password_require_digit: true,
  password_require_symbol: false,
  password_require_uppercase: false,
  signup_mode: 'open',
  session_lifetime_hours: 48,
};

describe(`every remaining change of state is audited (${testDb})`, () => {
  let server: TestServer;
  let ollama: FakeOllama;
  let openai: FakeOpenAi;
  let files: FakeFileServer;
  let superAdmin: TestUser;
  let admin: TestUser;
  let user: TestUser;
  let stranger: TestUser;

  /** Entries of one resource type as [action, resource id], oldest first. */
  const log = async (viewer: TestUser, resourceType: string, scope?: 'organization') => {
    const query = new URLSearchParams({ resource_type: resourceType, limit: '200', ...(scope ? { scope } : {}) });
    const response = await server.request<AuditLogList>(`/api/audit-logs?${query}`, { token: viewer.token });
    expect(response.status).toBe(200);
    return response.body.entries.slice().reverse();
  };
  const summary = (entries: AuditEntry[]) => entries.map((entry) => [entry.action, entry.resource_id]);

  beforeAll(async () => {
    ollama = await startFakeOllama({
      models: [{ name: 'nomic-embed-text', capabilities: ['embedding'], family: 'nomic-bert' }],
      embeddingDimensions: 16,
    });
    openai = await startFakeOpenAi({ apiKey: OPENAI_KEY, models: ['qwen2.5-7b-instruct'] });
    files = await startFakeFileServer();
    server = await startTestServer({
      OLLAMA_BASE_URL: ollama.url,
      MODEL_LIST_CACHE_MS: '0',
      ALLOW_PRIVATE_DOWNLOADS: 'true',
      LLAMA_THREADS: '1',
      LLAMA_CONTEXT_SIZE: '2048',
      LLAMA_GPU: 'false',
    });
    const modelsDir = path.join(server.dataDir, 'models');
    mkdirSync(modelsDir, { recursive: true });
    copyFileSync(TINY_MODEL_PATH, path.join(modelsDir, 'audited.gguf'));
    superAdmin = await createUser(server, 'cov-super'); // the first account is the super admin
    admin = await createUser(server, 'cov-admin');
    user = await createUser(server, 'cov-user');
    stranger = await createUser(server, 'cov-stranger');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([ollama.close(), openai.close(), files.close()]);
  });

  it('records security and system settings changes with the new values', async () => {
    const put = (token: string, which: string, body: unknown) =>
      server.request(`/api/admin/settings/${which}`, { method: 'PUT', token, body });
    expect((await put(admin.token, 'security', SECURITY)).status).toBe(403);
    expect((await put(superAdmin.token, 'security', { ...SECURITY, session_lifetime_hours: 0 })).status).toBe(400);
    expect((await put(superAdmin.token, 'security', SECURITY)).status).toBe(200);
    const system = { default_model: null, upload_limit_mb: 5, public_share_links: false };
    expect((await put(admin.token, 'system', system)).status).toBe(403);
    expect((await put(superAdmin.token, 'system', system)).status).toBe(200);

    const security = await log(superAdmin, 'security_settings');
    expect(summary(security)).toEqual([['UPDATE', null]]);
    expect(security[0]).toMatchObject({ user_id: superAdmin.id, actor_id: superAdmin.id, details: SECURITY });
    const systemLog = await log(superAdmin, 'system_settings');
    expect(summary(systemLog)).toEqual([['UPDATE', null]]);
    expect(systemLog[0]?.details).toEqual(system);
    // The organisation's admins see the instance changes too.
    expect(summary(await log(admin, 'system_settings', 'organization'))).toEqual([['UPDATE', null]]);
  });

  it('records the network allowlist', async () => {
    const put = (token: string, hosts: string[]) =>
      server.request('/api/admin/settings/network', { method: 'PUT', token, body: { allowed_hosts: hosts } });
    expect((await put(user.token, ['wiki.internal'])).status).toBe(403);
    // The allow-list is instance-wide: an organisation's admin may not change it.
    expect((await put(admin.token, ['wiki.internal'])).status).toBe(403);
    expect((await put(superAdmin.token, ['0.0.0.0/0'])).status).toBe(400);
    expect((await put(superAdmin.token, ['Wiki.Internal', '10.1.0.0/16'])).status).toBe(200);
    const entries = await log(superAdmin, 'network_settings');
    expect(summary(entries)).toEqual([['UPDATE', null]]);
    expect(entries[0]).toMatchObject({
      user_id: superAdmin.id,
      details: { allowed_hosts: ['wiki.internal', '10.1.0.0/16'] },
    });
  });

  it('records the embedding model choice', async () => {
    const put = (token: string, model: string | null) =>
      server.request('/api/knowledge/embedding', { method: 'PUT', token, body: { model } });
    expect((await put(user.token, EMBED_MODEL)).status).toBe(403);
    expect((await put(admin.token, 'ollama:no-such-model')).status).toBe(404);
    expect((await put(admin.token, EMBED_MODEL)).status).toBe(200);
    expect((await put(admin.token, null)).status).toBe(200);
    const entries = await log(admin, 'embedding_model');
    expect(entries.map((entry) => [entry.action, entry.details.model])).toEqual([
      ['UPDATE', EMBED_MODEL],
      ['UPDATE', null],
    ]);
  });

  it('records providers added and removed, never with their API key', async () => {
    const refused = await server.request('/api/models/providers', {
      token: admin.token,
      body: { kind: 'ollama', name: 'Metadata', base_url: 'http://169.254.169.254/' },
    });
    expect(refused.status).toBe(400);
    const created = await server.request<Provider>('/api/models/providers', {
      token: admin.token,
      body: { kind: 'openai', name: 'Fake vLLM', base_url: `${openai.url}/v1`, api_key: OPENAI_KEY },
    });
    expect(created.status).toBe(201);
    const remove = (id: string) =>
      server.request(`/api/models/providers/${id}`, { method: 'DELETE', token: admin.token });
    expect((await remove('ollama')).status).toBe(409);
    expect((await remove(created.body.id)).status).toBe(200);
    expect((await remove(created.body.id)).status).toBe(404);

    const entries = await log(admin, 'model_provider');
    expect(summary(entries)).toEqual([
      ['CREATE', created.body.id],
      ['DELETE', created.body.id],
    ]);
    expect(entries[0]?.details).toMatchObject({ kind: 'openai', name: 'Fake vLLM', has_api_key: true });
    expect(JSON.stringify(entries)).not.toContain(OPENAI_KEY);
  });

  it('records model downloads started and cancelled, and built-in models deleted', async () => {
    const refused = await server.request('/api/models/downloads', {
      token: admin.token,
      body: { url: files.fileUrl, file_name: 'not-a-model.bin' },
    });
    expect(refused.status).toBe(400);
    Object.assign(files.knobs, { chunkBytes: 16 * 1024, chunkDelayMs: 50 });
    const started = await server.request<ModelDownload>('/api/models/downloads', {
      token: admin.token,
      body: { url: files.fileUrl, file_name: 'cov.gguf' },
    });
    expect(started.status).toBe(202);
    const cancel = () =>
      server.request(`/api/models/downloads/${started.body.id}`, { method: 'DELETE', token: admin.token });
    expect((await cancel()).status).toBe(200);
    const downloads = await log(admin, 'model_download');
    expect(summary(downloads)).toEqual([
      ['CREATE', started.body.id],
      ['DELETE', started.body.id],
    ]);
    expect(downloads[0]?.details).toMatchObject({ file_name: 'cov.gguf' });

    const drop = (provider: string, name: string) =>
      server.request(`/api/models/${provider}/${encodeURIComponent(name)}`, { method: 'DELETE', token: admin.token });
    expect((await drop('builtin', 'missing.gguf')).status).toBe(404);
    expect((await drop('ollama', 'nomic-embed-text')).status).toBe(409);
    expect((await drop('builtin', 'audited.gguf')).status).toBe(200);
    const models = await log(admin, 'model');
    expect(summary(models)).toEqual([['DELETE', 'builtin/audited.gguf']]);
  });

  it("records prompts created, edited and deleted in their owner's log only", async () => {
    const created = await server.request<Prompt>('/api/prompts', {
      token: user.token,
      body: { title: 'Summary', content: 'Summarise {{text}}' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const patch = (token: string) =>
      server.request(`/api/prompts/${id}`, { method: 'PATCH', token, body: { title: 'Short summary', shared: true } });
    const remove = (token: string) => server.request(`/api/prompts/${id}`, { method: 'DELETE', token });
    expect((await patch(stranger.token)).status).toBe(404);
    expect((await remove(stranger.token)).status).toBe(404);
    expect((await patch(user.token)).status).toBe(200);
    expect((await remove(user.token)).status).toBe(200);

    const entries = await log(user, 'prompt');
    expect(summary(entries)).toEqual([
      ['CREATE', id],
      ['UPDATE', id],
      ['DELETE', id],
    ]);
    expect(entries[1]?.details).toMatchObject({ title: 'Short summary', shared: true });
    expect(await log(stranger, 'prompt')).toEqual([]);
  });
});
