import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { InstalledModel, OllamaStatus, Provider, ProviderTestResult, SystemMode } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_MODEL_PATH } from '../../../test/fakes/fake-file-server';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/fake-openai';
import { openSse } from '../../../test/sse-client';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { probeNvidiaSmi } from './system-mode.service';

const OPENAI_KEY = 'sk-secret-provider-key-0123456789';

describe(`model runtimes and models (${testDb})`, () => {
  let server: TestServer;
  let ollama: FakeOllama;
  let openai: FakeOpenAi;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    openai = await startFakeOpenAi({ apiKey: OPENAI_KEY, models: ['qwen2.5-7b-instruct'] });
    server = await startTestServer({
      OLLAMA_BASE_URL: ollama.url,
      MODEL_LIST_CACHE_MS: '0',
      LLAMA_THREADS: '1',
      LLAMA_CONTEXT_SIZE: '2048',
      LLAMA_GPU: 'false',
    });
    const modelsDir = path.join(server.dataDir, 'models');
    mkdirSync(modelsDir, { recursive: true });
    copyFileSync(TINY_MODEL_PATH, path.join(modelsDir, 'stories260K.gguf'));
    admin = await createUser(server, 'models-admin');
    user = await createUser(server, 'models-user');
  });
  afterAll(async () => {
    await server.close();
    await ollama.close();
    await openai.close();
  });

  it('reports the runtimes as connected with their models', async () => {
    const status = await server.request<OllamaStatus>('/api/ollama/status', { token: user.token });
    expect(status.status).toBe(200);
    expect(status.body.connected).toBe(true);
    expect(status.body.error).toBeNull();
    expect(status.body.models.map((model) => model.name)).toEqual(['stories260K.gguf', 'llama3:latest', 'llava:13b']);
    expect(status.body.models[1]?.details.parameter_size).toBe('8.0B');
  });

  it('lists every runtime’s models with provider and details, and the vision ones', async () => {
    const list = await server.request<{ models: InstalledModel[] }>('/api/ollama/models', { token: user.token });
    const builtin = list.body.models.find((model) => model.name === 'stories260K.gguf');
    expect(builtin).toMatchObject({
      id: 'stories260K.gguf',
      size: 1_185_376,
      provider: { id: 'builtin', kind: 'builtin' },
      details: { format: 'gguf', family: 'llama' },
    });
    expect(list.body.models.find((model) => model.name === 'llama3:latest')?.provider).toMatchObject({
      id: 'ollama',
      kind: 'ollama',
    });
    const vision = await server.request<{ vision_models: string[] }>('/api/vision/models', { token: user.token });
    expect(vision.body.vision_models).toEqual(['llava:13b']);
  });

  it('says Disconnected-worthy things when no runtime answers, without failing', async () => {
    ollama.knobs.failStatus = 500;
    const status = await server.request<OllamaStatus>('/api/ollama/status', { token: user.token });
    ollama.knobs.failStatus = null;
    // The built-in runtime still answers, so the instance is connected; Ollama's models are gone.
    expect(status.body.connected).toBe(true);
    expect(status.body.models.map((model) => model.name)).toEqual(['stories260K.gguf']);
  });

  it('tells GPU from CPU mode and names the model used last', async () => {
    const smi = await probeNvidiaSmi();
    ollama.knobs.running = [];
    const cpu = await server.request<SystemMode>('/api/system/mode', { token: user.token });
    expect(cpu.status).toBe(200);
    expect(cpu.body).toMatchObject({ mode: smi ? 'GPU' : 'CPU', fallback: false, error: null });
    expect(cpu.body.container_hostname).toBeTruthy();

    ollama.knobs.running = [{ name: 'llava:13b', size: 9_000_000_000, size_vram: 8_589_934_592 }];
    const gpu = await server.request<SystemMode>('/api/system/mode', { token: user.token });
    expect(gpu.body).toMatchObject({ mode: 'GPU', gpu_available: true });
    if (!smi) expect(gpu.body.gpu_info).toMatchObject({ vram_used_mb: 8192 });
    ollama.knobs.running = [];

    const { provider } = await server.app.models.registry.resolve('stories260K.gguf');
    for await (const chunk of provider.chat({
      model: 'stories260K.gguf',
      messages: [{ role: 'user', content: 'Once upon a time' }],
      maxTokens: 5,
      signal: new AbortController().signal,
    })) {
      expect(chunk.type).toMatch(/token|done/);
    }
    const after = await server.request<SystemMode>('/api/system/mode', { token: user.token });
    expect(after.body.current_model).toBe('stories260K.gguf');
  });

  it('lets admins add, test and remove a provider without ever returning its key', async () => {
    const before = await server.request<{ providers: Provider[] }>('/api/models/providers', { token: admin.token });
    expect(before.body.providers.map((p) => [p.id, p.source, p.connected])).toEqual([
      ['builtin', 'builtin', true],
      ['ollama', 'env', true],
    ]);

    const created = await server.request<Provider>('/api/models/providers', {
      token: admin.token,
      body: { kind: 'openai', name: 'Fake vLLM', base_url: `${openai.url}/v1`, api_key: OPENAI_KEY },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'openai', source: 'admin', has_api_key: true, connected: true });
    expect(JSON.stringify(created.body)).not.toContain(OPENAI_KEY);
    const row = await server.app.db.kysely.selectFrom('model_providers').selectAll().executeTakeFirstOrThrow();
    expect(row.api_key_encrypted).toBeTruthy();
    expect(row.api_key_encrypted).not.toContain(OPENAI_KEY);

    const listed = await server.request<{ providers: Provider[] }>('/api/models/providers', { token: admin.token });
    expect(JSON.stringify(listed.body)).not.toContain(OPENAI_KEY);
    const tested = await server.request<ProviderTestResult>(`/api/models/providers/${created.body.id}/test`, {
      token: admin.token,
      body: {},
    });
    expect(tested.body).toMatchObject({ connected: true, error: null, models_count: 1 });
    const models = await server.request<{ models: InstalledModel[] }>('/api/ollama/models', { token: user.token });
    expect(models.body.models.find((model) => model.name === 'qwen2.5-7b-instruct')?.provider.id).toBe(created.body.id);

    const envDelete = await server.request('/api/models/providers/ollama', { method: 'DELETE', token: admin.token });
    expect(envDelete.status).toBe(409);
    const removed = await server.request(`/api/models/providers/${created.body.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    const again = await server.request(`/api/models/providers/${created.body.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(again.status).toBe(404);
  });

  it('refuses provider URLs that point at cloud metadata', async () => {
    const response = await server.request<{ code: string }>('/api/models/providers', {
      token: admin.token,
      body: { kind: 'ollama', name: 'Metadata', base_url: 'http://169.254.169.254/' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('url_not_allowed');
  });

  it('streams an Ollama pull as server-sent events, then lists the new model', async () => {
    const stream = await openSse(`${server.url}/api/models/pull`, { token: admin.token, body: { name: 'mistral:7b' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    await stream.ended;
    const progress = stream.events.filter((event) => event.event === 'progress').map((event) => event.data);
    expect(progress[0]).toMatchObject({ status: 'pulling manifest', percent: null });
    expect(progress.at(-2)).toMatchObject({ completed: 1000, total: 1000, percent: 100 });
    expect(stream.events.at(-1)).toEqual({ event: 'done', data: { name: 'mistral:7b', provider_id: 'ollama' } });
    const models = await server.request<{ models: InstalledModel[] }>('/api/ollama/models', { token: user.token });
    expect(models.body.models.some((model) => model.name === 'mistral:7b')).toBe(true);
  });

  it('reports a failed pull as an error event', async () => {
    ollama.knobs.pullError = 'pull model manifest: file does not exist';
    const stream = await openSse(`${server.url}/api/models/pull`, { token: admin.token, body: { name: 'nope:404' } });
    await stream.ended;
    ollama.knobs.pullError = null;
    expect(stream.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'upstream_error' } });
  });

  it('cancels the upstream pull when the client goes away', async () => {
    ollama.knobs.pullStepDelayMs = 300;
    const stream = await openSse(`${server.url}/api/models/pull`, { token: admin.token, body: { name: 'slow:70b' } });
    await stream.waitFor((event) => event.event === 'progress');
    const disconnected = ollama.waitForDisconnect(1000);
    stream.close();
    await disconnected;
    ollama.knobs.pullStepDelayMs = 0;
  });

  it('deletes a built-in model file, and points to the command for Ollama ones', async () => {
    const ollamaDelete = await server.request<{ code: string; details: { command: string } }>(
      `/api/models/ollama/${encodeURIComponent('llama3:latest')}`,
      { method: 'DELETE', token: admin.token },
    );
    expect(ollamaDelete.status).toBe(409);
    expect(ollamaDelete.body).toMatchObject({
      code: 'delete_with_command',
      details: { command: 'ollama rm llama3:latest' },
    });

    const missing = await server.request('/api/models/builtin/missing.gguf', { method: 'DELETE', token: admin.token });
    expect(missing.status).toBe(404);
    const deleted = await server.request('/api/models/builtin/stories260K.gguf', {
      method: 'DELETE',
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(existsSync(path.join(server.dataDir, 'models', 'stories260K.gguf'))).toBe(false);
    const models = await server.request<{ models: InstalledModel[] }>('/api/ollama/models', { token: user.token });
    expect(models.body.models.some((model) => model.provider.kind === 'builtin')).toBe(false);
  });
});
