import type { ApiTokenCreated, ApiTokenList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const DAY_MS = 86_400_000;

describe(`API tokens (${testDb})`, () => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'owner');
    stranger = await createUser(server, 'stranger');
  });
  afterAll(() => server.close());

  const create = (token: string, body: Record<string, unknown>) =>
    server.request<ApiTokenCreated>('/api/tokens', { token, body });
  const list = (token: string) => server.request<ApiTokenList>('/api/tokens', { token });
  const revoke = (token: string, id: string) => server.request(`/api/tokens/${id}`, { method: 'DELETE', token });
  const me = (token: string) => server.request<{ id: string }>('/api/auth/me', { token });

  it('returns the secret once; the list shows only its prefix', async () => {
    const created = await create(owner.token, { name: ' laptop ' });
    expect(created.status).toBe(201);
    const { token, secret } = created.body;
    expect(secret.startsWith('hth_')).toBe(true);
    expect(token).toMatchObject({ name: 'laptop', expires_at: null, last_used_at: null });
    expect(secret.startsWith(token.prefix)).toBe(true);
    expect(token.prefix.length).toBeLessThan(secret.length / 2);

    const listed = await list(owner.token);
    expect(listed.status).toBe(200);
    const row = listed.body.tokens.find((item) => item.id === token.id);
    expect(row).toEqual({
      id: token.id,
      name: 'laptop',
      prefix: token.prefix,
      created_at: expect.any(String),
      last_used_at: null,
      expires_at: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('authenticates as its owner, records its use, and stops working once revoked', async () => {
    const { body } = await create(owner.token, { name: 'script' });
    const asToken = await me(body.secret);
    expect(asToken.status).toBe(200);
    expect(asToken.body.id).toBe(owner.id);
    const used = (await list(owner.token)).body.tokens.find((item) => item.id === body.token.id);
    expect(used?.last_used_at).toEqual(expect.any(String));

    expect((await revoke(owner.token, body.token.id)).status).toBe(200);
    const after = await me(body.secret);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'unauthorized' });
    expect((await list(owner.token)).body.tokens.map((item) => item.id)).not.toContain(body.token.id);
  });

  it('is scoped to its owner: another user neither sees nor revokes it (404)', async () => {
    const { body } = await create(owner.token, { name: 'private' });
    expect((await list(stranger.token)).body.tokens.map((item) => item.id)).not.toContain(body.token.id);
    const attempt = await revoke(stranger.token, body.token.id);
    expect(attempt.status).toBe(404);
    expect(attempt.body).toMatchObject({ code: 'not_found' });
    expect((await me(body.secret)).status).toBe(200);
    expect((await revoke(owner.token, '00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
    expect((await revoke(owner.token, 'not-a-uuid')).status).toBe(400);
  });

  it('works until its expiry, then answers 401', async () => {
    const { body } = await create(owner.token, { name: 'short-lived', expires_in_days: 1 });
    expect((await list(body.secret)).status).toBe(200);
    // Test setup: move the expiry into the past rather than wait a day.
    await server.app.db.kysely
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', body.token.id)
      .execute();
    expect((await me(body.secret)).status).toBe(401);
  });

  it('sets expires_at from expires_in_days and validates it', async () => {
    const before = Date.now();
    const dated = await create(owner.token, { name: 'month', expires_in_days: 30 });
    expect(dated.status).toBe(201);
    const expiresAt = Date.parse(dated.body.token.expires_at ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect((await create(owner.token, { name: 'forever', expires_in_days: null })).body.token.expires_at).toBeNull();

    for (const body of [
      { name: 'zero', expires_in_days: 0 },
      { name: 'negative', expires_in_days: -5 },
      { name: 'fraction', expires_in_days: 1.5 },
      { name: 'too-long', expires_in_days: 3651 },
      { name: 'text', expires_in_days: '7' },
      { name: '   ' },
      {},
    ]) {
      const response = await create(owner.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error' });
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await list('')).status).toBe(401);
    expect((await server.request('/api/tokens', { body: { name: 'anonymous' } })).status).toBe(401);
  });
});
