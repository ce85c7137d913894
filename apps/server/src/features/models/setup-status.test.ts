import type { SetupStatus } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { startTestServer, type TestServer, testDb } from '../../../test/test-server';

describe(`public setup status (${testDb})`, () => {
  let server: TestServer;
  let ollama: FakeOllama;
  const defaultModels = () => [
    { name: 'llama3:latest', parameter_size: '8.0B', family: 'llama', capabilities: ['completion'] },
  ];

  beforeAll(async () => {
    ollama = await startFakeOllama({ models: defaultModels() });
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, MODEL_LIST_CACHE_MS: '0', BUILTIN_RUNTIME: 'false' });
  });
  afterAll(async () => {
    await server.close();
    await ollama.close();
  });

  const status = () => server.request<SetupStatus>('/api/setup/status');

  it('tells an anonymous visitor that the runtime answers and has a chat model, and nothing more', async () => {
    ollama.knobs.failStatus = null;
    ollama.knobs.models = defaultModels();
    const response = await status();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ model_service: { connected: true }, models: { available: true } });
  });

  it('counts only chat models: a runtime holding just an embedding model has none available', async () => {
    ollama.knobs.failStatus = null;
    ollama.knobs.models = [{ name: 'nomic-embed-text:latest', family: 'nomic-bert', capabilities: ['embedding'] }];
    const response = await status();
    expect(response.body).toEqual({ model_service: { connected: true }, models: { available: false } });
  });

  it('reports a runtime that does not answer as disconnected', async () => {
    ollama.knobs.failStatus = 503;
    ollama.knobs.models = defaultModels();
    const response = await status();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ model_service: { connected: false }, models: { available: false } });
    ollama.knobs.failStatus = null;
  });
});
