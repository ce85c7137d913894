import type { ApiTokenCreated, PasswordChangeResponse, SessionList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseClient } from '../../../test/sse-client';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NEW_PASSWORD = 'Hearth-new-pass-7';

/** Resolves true when the server ends the stream within the time, false otherwise. */
const endsWithin = (stream: SseClient, ms = 5000) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe(`sessions, sign-out scopes and revocation (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const sessions = (token: string) => server.request<SessionList>('/api/auth/sessions', { token });
  const me = (token: string) => server.request('/api/auth/me', { token });
  const newToken = async (token: string, name = 'script') =>
    (await server.request<ApiTokenCreated>('/api/tokens', { token, body: { name } })).body;
  const signInAgain = async (user: TestUser, userAgent?: string) => {
    const response = await server.request<{ access_token: string }>('/api/auth/login', {
      body: { email: user.email, password: STRONG_PASSWORD },
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
    return response.body.access_token;
  };

  it('lists own sessions with device, address and "this device", and API tokens; nobody else sees them', async () => {
    const owner = await createUser(server, 'lister');
    const laptop = await signInAgain(owner, CHROME_LINUX);
    await newToken(owner.token, 'backup script');
    const listed = await sessions(laptop);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    const current = listed.body.sessions.find((row) => row.current);
    expect(current).toMatchObject({ device: 'Chrome on Linux', ip: '127.0.0.1', user_agent: CHROME_LINUX });
    expect(current?.created_at).toEqual(expect.any(String));
    expect(current?.last_seen_at).toEqual(expect.any(String));
    expect(listed.body.sessions.filter((row) => row.current)).toHaveLength(1);
    expect(listed.body.tokens.map((row) => row.name)).toEqual(['backup script']);
    const stranger = await createUser(server, 'stranger');
    const theirs = await sessions(stranger.token);
    expect(theirs.body.sessions.map((row) => row.id)).not.toContain(current?.id);
    expect(theirs.body.tokens).toEqual([]);
  });

  it('shows where and from what each API token was last used', async () => {
    const owner = await createUser(server, 'token-seen');
    const created = await newToken(owner.token, 'sync job');
    const unused = (await sessions(owner.token)).body.tokens.find((row) => row.name === 'sync job');
    expect(unused).toMatchObject({ ip: null, device: null, last_used_at: null });
    await server.request('/api/auth/me', { token: created.secret, headers: { 'user-agent': CHROME_LINUX } });
    const used = (await sessions(owner.token)).body.tokens.find((row) => row.name === 'sync job');
    expect(used).toMatchObject({ ip: '127.0.0.1', device: 'Chrome on Linux' });
    expect(used?.last_used_at).not.toBeNull();
  });

  it("revokes one session (404 for another account's) and signs out everywhere else", async () => {
    const owner = await createUser(server, 'revoker');
    const phone = await signInAgain(owner);
    const tablet = await signInAgain(owner);
    const phoneId = (await sessions(phone)).body.sessions.find((row) => row.current)?.id ?? '';
    const stranger = await createUser(server, 'intruder');
    const foreign = await server.request(`/api/auth/sessions/${phoneId}`, { method: 'DELETE', token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await me(phone)).status).toBe(200);

    expect(
      (await server.request(`/api/auth/sessions/${phoneId}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(tablet)).status).toBe(200);

    const others = await server.request<{ revoked_sessions: number }>('/api/auth/sessions/revoke-others', {
      method: 'POST',
      token: owner.token,
    });
    expect(others.body).toEqual({ ok: true, revoked_sessions: 1 });
    expect((await me(tablet)).status).toBe(401);
    expect((await me(owner.token)).status).toBe(200);
  });

  it('logout takes a scope: local, others, global; anything else is refused', async () => {
    const owner = await createUser(server, 'scopes');
    const logout = (token: string, body?: unknown) =>
      server.request('/api/auth/logout', { method: 'POST', token, body });
    const second = await signInAgain(owner);
    const third = await signInAgain(owner);
    expect((await logout(owner.token, { scope: 'sometimes' })).status).toBe(400);
    expect((await logout(third, { scope: 'local' })).status).toBe(200);
    expect((await me(third)).status).toBe(401);
    expect((await me(second)).status).toBe(200);

    const fourth = await signInAgain(owner);
    expect((await logout(second, { scope: 'others' })).status).toBe(200);
    expect((await me(second)).status).toBe(200);
    expect((await me(owner.token)).status).toBe(401);
    expect((await me(fourth)).status).toBe(401);

    const fifth = await signInAgain(owner);
    expect((await logout(second, { scope: 'global' })).status).toBe(200);
    expect((await me(second)).status).toBe(401);
    expect((await me(fifth)).status).toBe(401);
    // No body means local, as before.
    const sixth = await signInAgain(owner);
    const noBody = await logout(sixth);
    expect(noBody.status, JSON.stringify(noBody.body)).toBe(200);
    expect((await me(sixth)).status).toBe(401);
  });

  describe('weakness 1: API tokens cannot mint tokens or change credentials', () => {
    it('refuses token-made tokens, password changes, session revocation and 2FA changes (403 session_required)', async () => {
      const owner = await createUser(server, 'tokenuser');
      const { secret, token } = await newToken(owner.token);
      const attempts: [string, string, unknown][] = [
        ['POST', '/api/tokens', { name: 'child' }],
        ['DELETE', `/api/tokens/${token.id}`, undefined],
        ['POST', '/api/auth/password', { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD }],
        ['POST', '/api/auth/sessions/revoke-others', undefined],
        ['POST', '/api/auth/logout', { scope: 'global' }],
        ['POST', '/api/auth/mfa/enrol', undefined],
        ['POST', '/api/auth/mfa/disable', { password: STRONG_PASSWORD }],
        ['DELETE', '/api/profile', { password: STRONG_PASSWORD }],
      ];
      for (const [method, path, body] of attempts) {
        const response = await server.request(path, { method, token: secret, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body, `${method} ${path}`).toMatchObject({ code: 'session_required' });
      }
      // Reading stays allowed, and the token still works.
      expect((await server.request('/api/tokens', { token: secret })).status).toBe(200);
      expect((await server.request('/api/auth/sessions', { token: secret })).status).toBe(200);
      expect((await login(server, owner.email)).id).toBe(owner.id);
    });

    it('a password change revokes every API token and the other sessions, and says how many', async () => {
      const owner = await createUser(server, 'pwchange');
      const other = await signInAgain(owner);
      const first = await newToken(owner.token, 'one');
      const second = await newToken(owner.token, 'two');
      const changed = await server.request<PasswordChangeResponse>('/api/auth/password', {
        token: owner.token,
        body: { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ ok: true, revoked_sessions: 1, revoked_tokens: 2 });
      expect((await me(first.secret)).status).toBe(401);
      expect((await me(second.secret)).status).toBe(401);
      expect((await me(other)).status).toBe(401);
      expect((await me(owner.token)).status).toBe(200);
      expect((await server.request<{ tokens: unknown[] }>('/api/tokens', { token: owner.token })).body.tokens).toEqual(
        [],
      );
    });
  });

  describe("weakness 5: every revocation ends that credential's open event streams", () => {
    const open = (token: string) => openSse(`${server.url}/api/events`, { token });

    it("sign-out ends its own stream and not another session's", async () => {
      const owner = await createUser(server, 'streamer');
      const other = await signInAgain(owner);
      const mine = await open(owner.token);
      const theirs = await open(other);
      expect(mine.status).toBe(200);
      await server.request('/api/auth/logout', { method: 'POST', token: owner.token, body: {} });
      expect(await endsWithin(mine)).toBe(true);
      expect(await endsWithin(theirs, 300)).toBe(false);
      theirs.close();
    });

    it('revoking a session, signing out everywhere else, a password change and deleting a token end theirs', async () => {
      const owner = await createUser(server, 'revocations');
      const revokedOne = await signInAgain(owner);
      const revokedOneId = (await sessions(revokedOne)).body.sessions.find((row) => row.current)?.id ?? '';
      const byOthers = await signInAgain(owner);
      const token = await newToken(owner.token, 'streaming script');
      const streams = {
        one: await open(revokedOne),
        others: await open(byOthers),
        token: await open(token.secret),
      };
      await server.request(`/api/auth/sessions/${revokedOneId}`, { method: 'DELETE', token: owner.token });
      expect(await endsWithin(streams.one)).toBe(true);
      await server.request('/api/auth/sessions/revoke-others', { method: 'POST', token: owner.token });
      expect(await endsWithin(streams.others)).toBe(true);
      expect(await endsWithin(streams.token, 300)).toBe(false);
      await server.request(`/api/tokens/${token.token.id}`, { method: 'DELETE', token: owner.token });
      expect(await endsWithin(streams.token)).toBe(true);

      const script = await newToken(owner.token, 'another');
      const scriptStream = await open(script.secret);
      const kept = await open(owner.token);
      await server.request('/api/auth/password', {
        token: owner.token,
        body: { current_password: STRONG_PASSWORD, new_password: NEW_PASSWORD },
      });
      expect(await endsWithin(scriptStream)).toBe(true);
      // The session that changed the password stays signed in, and so does its stream.
      expect(await endsWithin(kept, 300)).toBe(false);
      kept.close();
    });
  });
});

describe.runIf(testDb === 'postgres')('revocation across two app instances on one database (postgres)', () => {
  it('a sign-out on one instance ends the stream held by the other', async () => {
    const a = await startTestServer();
    const b = await startTestServer(
      {},
      { dataDir: a.dataDir, databaseUrl: (a as { databaseUrl?: string }).databaseUrl },
    );
    try {
      const owner = await createUser(a, 'replicas');
      const stream = await openSse(`${a.url}/api/events`, { token: owner.token });
      expect(stream.status).toBe(200);
      const out = await b.request('/api/auth/logout', { method: 'POST', token: owner.token, body: { scope: 'local' } });
      expect(out.status).toBe(200);
      expect(await endsWithin(stream)).toBe(true);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
