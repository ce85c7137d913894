import type { InstalledModel, Provider } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../../test/fakes/fake-http';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/fake-openai';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

/**
 * A runtime an admin added is trusted on its own origin only: its redirects to other hosts get the policy of
 * user-supplied URLs, checked at every hop, so a runtime answering 302 cannot lead the server to loopback
 * (spelled 0.0.0.0 or otherwise) or to a cloud metadata address.
 */
describe(`model runtime redirects (${testDb})`, () => {
  let server: TestServer;
  let internal: FakeOpenAi;
  let redirector: FakeServer;
  let admin: TestUser;
  let user: TestUser;

  const internalPort = () => new URL(internal.url).port;
  const targets: Record<string, () => string> = {
    zero: () => `http://0.0.0.0:${internalPort()}/v1/models`,
    metadata: () => 'http://169.254.169.254/latest/meta-data/v1/models',
    loopback: () => `http://127.0.0.1:${internalPort()}/v1/models`,
    localhost: () => `http://localhost:${internalPort()}/v1/models`,
  };

  beforeAll(async () => {
    internal = await startFakeOpenAi({ models: ['internal-secret-model'] });
    redirector = await startFakeServer((request, response) => {
      const [, kind = ''] = /^\/([a-z]+)\//.exec(request.path) ?? [];
      if (kind === 'same' && request.path === '/same/v1/models') {
        return response.writeHead(302, { location: '/own/v1/models' }).end();
      }
      if (request.path === '/own/v1/models') {
        const data = [{ id: 'redirected-same-origin', object: 'model', created: 1, owned_by: 'fake' }];
        return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
      }
      const target = targets[kind];
      if (!target) return response.writeHead(404).end();
      return response.writeHead(302, { location: target() }).end();
    });
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false', MODEL_LIST_CACHE_MS: '0' });
    admin = await createUser(server, 'redirect-admin'); // the first account is the super admin
    user = await createUser(server, 'redirect-user');
  });
  afterAll(async () => {
    await server.close();
    await redirector.close();
    await internal.close();
  });

  const addProvider = async (kind: string) => {
    const created = await server.request<Provider>('/api/models/providers', {
      token: admin.token,
      body: { kind: 'openai', name: `Redirects to ${kind}`, base_url: `${redirector.url}/${kind}/v1` },
    });
    expect(created.status).toBe(201);
    return created.body;
  };

  const listedNames = async () => {
    const openai = await server.request<{ data: { id: string }[] }>('/v1/models', { token: user.token });
    const own = await server.request<{ models: InstalledModel[] }>('/api/ollama/models', { token: user.token });
    expect(openai.status).toBe(200);
    expect(own.status).toBe(200);
    return [...openai.body.data.map((model) => model.id), ...own.body.models.map((model) => model.name)];
  };

  it('follows a redirect that stays on the configured origin', async () => {
    await addProvider('same');
    expect(await listedNames()).toContain('redirected-same-origin');
  });

  it('refuses redirects to 0.0.0.0, loopback, localhost and metadata addresses', async () => {
    for (const kind of ['zero', 'metadata', 'loopback', 'localhost']) {
      const provider = await addProvider(kind);
      expect(provider.connected, kind).toBe(false);
      expect(provider.error, kind).toMatch(/not allowed/);
    }
    const names = await listedNames();
    expect(names).not.toContain('internal-secret-model');
    expect(internal.requests).toHaveLength(0);
  });

  it('follows a redirect to an intranet host once an admin allowed it', async () => {
    const saved = await server.request('/api/admin/settings/network', {
      method: 'PUT',
      token: admin.token,
      body: { allowed_hosts: ['127.0.0.1'] },
    });
    expect(saved.status).toBe(200);
    expect(await listedNames()).toContain('internal-secret-model');
    expect(internal.requests.every((request) => request.path === '/v1/models')).toBe(true);
  });
});
