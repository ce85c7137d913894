import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

describe(`intranet allowlist width limits (${testDb})`, () => {
  let server: TestServer;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    admin = await createUser(server, 'network-admin'); // the first account is the super admin
  });
  afterAll(() => server.close());

  const save = (allowed_hosts: string[]) =>
    server.request<{ code: string; message: string; details: { entry: string } }>('/api/admin/settings/network', {
      method: 'PUT',
      token: admin.token,
      body: { allowed_hosts },
    });

  it('refuses every IPv4 address written as an IPv6 range, whatever the spelling', async () => {
    for (const entry of ['::ffff:1.0.0.0/96', '::ffff:0:1.0.0.0/96', '64:ff9b::/96', '2002:100::/16', '0:0:0:1::/16']) {
      const refused = await save(['wiki.corp', entry]);
      expect(refused.status, entry).toBe(400);
      expect(refused.body.code).toBe('validation_error');
      expect(refused.body.message).toMatch(/too wide a range/);
    }
    const read = await server.request<{ allowed_hosts: string[] }>('/api/admin/settings/network', {
      token: admin.token,
    });
    expect(read.body.allowed_hosts).toEqual([]);
  });

  it('accepts an IPv6-written range of /8 or narrower', async () => {
    const saved = await save(['::ffff:10.0.0.0/104', '2002:a00::/24']);
    expect(saved.status).toBe(200);
  });
});
