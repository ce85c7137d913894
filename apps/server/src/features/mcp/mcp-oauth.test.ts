import type { McpAvailableServersResponse, McpOAuthStartResponse, McpServer } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMcpOAuth, startFakeMcpOAuth } from '../../../test/fakes/fake-mcp-oauth';
import { assignRole } from '../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

/** MCP servers behind OAuth (issue 20): each user connects their own sign-in; tokens sealed, refreshed, isolated. */
describe(`MCP OAuth sign-in (${testDb})`, () => {
  let server: TestServer;
  let fake: FakeMcpOAuth;
  let root: TestUser;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let id: string;

  const context = (user: TestUser) => ({ userId: user.id, conversationId: 'c1', signal: new AbortController().signal });
  const whoami = async (user: TestUser) =>
    (await server.app.mcp.toolSource.forUser(user.id, new AbortController().signal)).find(
      (entry) => entry.spec.name === 'notes__whoami',
    );
  const start = (user: TestUser) =>
    server.request<McpOAuthStartResponse>(`/api/mcp/servers/${id}/oauth/start`, { token: user.token, body: {} });
  const flowCookie = (headers: Headers) => /hearth_mcp_oauth=[^;]*/.exec(headers.get('set-cookie') ?? '')?.[0] ?? '';
  /** The browser's way back to Hearth's callback: no redirect followed, so the test sees where it sends the user. */
  const callback = async (user: TestUser, location: string, cookie: string) => {
    const target = new URL(location);
    const response = await fetch(`${server.url}${target.pathname}${target.search}`, {
      headers: { authorization: `Bearer ${user.token}`, cookie },
      redirect: 'manual',
    });
    return response.headers.get('location') ?? `status ${response.status}`;
  };
  const connect = async (user: TestUser, login: string) => {
    const started = await start(user);
    expect(started.status).toBe(200);
    const back = await fake.approve(started.body.authorization_url, login);
    return callback(user, back, flowCookie(started.headers));
  };

  beforeAll(async () => {
    fake = await startFakeMcpOAuth();
    server = await startTestServer();
    root = await createUser(server, 'oauth-root');
    admin = await createUser(server, 'oauth-admin');
    alice = await createUser(server, 'oauth-alice');
    bob = await createUser(server, 'oauth-bob');
    await assignRole(server, root.token, admin.id, 'admin');
    const created = await server.request<McpServer>('/api/admin/mcp-servers', {
      token: admin.token,
      body: { name: 'Notes', transport: 'http', url: fake.url, user_oauth: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.user_oauth).toBe(true);
    id = created.body.id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('refuses OAuth for stdio servers and together with a key', async () => {
    const both = await server.request('/api/admin/mcp-servers', {
      token: admin.token,
      body: {
        name: 'Both',
        transport: 'http',
        url: fake.url,
        user_oauth: true,
        user_credential: { name: 'x-api-key', template: '{key}' },
      },
    });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ details: { field: 'user_oauth' } });
    const stdio = await server.request('/api/admin/mcp-servers', {
      token: admin.token,
      body: { name: 'Stdio', transport: 'stdio', command: '/bin/true', user_oauth: true },
    });
    expect(stdio.status).toBe(400);
  });

  it('connects the admin, lists tools with the admin’s own sign-in, and stores the tokens sealed', async () => {
    const before = await server.request<{ message: string }>(`/api/admin/mcp-servers/${id}/refresh`, {
      token: admin.token,
      body: {},
    });
    expect(before.status).toBe(400);
    expect(before.body.message).toContain('sign in');

    const started = await start(admin);
    const authorization = new URL(started.body.authorization_url);
    expect(authorization.pathname).toBe('/authorize');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${server.url}/api/mcp/oauth/callback`);
    expect(flowCookie(started.headers)).not.toBe('');
    expect(started.headers.get('set-cookie')).toMatch(/HttpOnly/i);

    const back = await fake.approve(started.body.authorization_url, 'admin-login');
    expect(await callback(admin, back, flowCookie(started.headers))).toBe(
      `/workspace/tools?mcp_connected=${encodeURIComponent(id)}`,
    );
    const refreshed = await server.request<McpServer>(`/api/admin/mcp-servers/${id}/refresh`, {
      token: admin.token,
      body: {},
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.tools.map((tool) => tool.name)).toContain('whoami');

    const row = await server.app.db.kysely
      .selectFrom('mcp_user_credentials')
      .selectAll()
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted.startsWith('v1.')).toBe(true);
    expect(row.secret_encrypted).not.toMatch(/at-|rt-/);
    const audit = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['action', 'resource_type'])
      .where('user_id', '=', admin.id)
      .where('resource_type', '=', 'mcp_user_credential')
      .execute();
    expect(audit).toEqual([{ action: 'UPDATE', resource_type: 'mcp_user_credential' }]);
  }, 60_000);

  it('keeps each user’s sign-in to their own calls', async () => {
    const listed = await server.request<McpAvailableServersResponse>('/api/mcp/servers', { token: alice.token });
    expect(listed.body.servers.find((entry) => entry.id === id)).toMatchObject({
      needs_credential: true,
      oauth: true,
      credential_set: false,
    });
    await expect((await whoami(alice))?.run({}, context(alice))).rejects.toThrow(/Connect/);

    expect(await connect(alice, 'alice-at-notes')).toContain('mcp_connected=');
    expect(await connect(bob, 'bob-at-notes')).toContain('mcp_connected=');
    await expect((await whoami(alice))?.run({}, context(alice))).resolves.toBe('key: alice-at-notes');
    await expect((await whoami(bob))?.run({}, context(bob))).resolves.toBe('key: bob-at-notes');
    await expect((await whoami(alice))?.run({}, context(bob))).rejects.toThrow(/another user/);
    const mine = await server.request<McpAvailableServersResponse>('/api/mcp/servers', { token: alice.token });
    expect(mine.body.servers.find((entry) => entry.id === id)?.credential_set).toBe(true);
    // A key cannot be typed for an OAuth server.
    const key = await server.request(`/api/mcp/servers/${id}/credential`, {
      method: 'PUT',
      token: alice.token,
      body: { key: 'x' },
    });
    expect(key.status).toBe(400);
  }, 60_000);

  it('refreshes an expired token and keeps the new one; a revoked sign-in asks to connect again', async () => {
    fake.expireTokens();
    fake.grants.length = 0;
    await expect((await whoami(alice))?.run({}, context(alice))).resolves.toBe('key: alice-at-notes');
    expect(fake.grants).toEqual(['refresh_token']);
    // The refreshed token was stored: the next call needs no refresh.
    await expect((await whoami(alice))?.run({}, context(alice))).resolves.toBe('key: alice-at-notes');
    expect(fake.grants).toEqual(['refresh_token']);

    fake.revokeAll();
    await expect((await whoami(bob))?.run({}, context(bob))).rejects.toThrow(/Connect/);
    const bobs = await server.request<McpAvailableServersResponse>('/api/mcp/servers', { token: bob.token });
    expect(bobs.body.servers.find((entry) => entry.id === id)?.credential_set).toBe(false);
  }, 60_000);

  it('refuses a callback from another user’s flow, a wrong state or a denied sign-in, and disconnects', async () => {
    const started = await start(alice);
    const back = await fake.approve(started.body.authorization_url, 'alice-at-notes');
    // Bob's browser replaying Alice's code with her cookie is still not Alice's session.
    expect(await callback(bob, back, flowCookie(started.headers))).toContain('mcp_error=');
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'other');
    expect(await callback(alice, tampered.href, flowCookie(started.headers))).toContain('mcp_error=');
    expect(await callback(alice, back, '')).toContain('mcp_error=');
    const denied = new URL(back);
    denied.searchParams.delete('code');
    denied.searchParams.set('error', 'access_denied');
    expect(await callback(alice, denied.href, flowCookie(started.headers))).toContain('access_denied');

    const removed = await server.request(`/api/mcp/servers/${id}/credential`, { method: 'DELETE', token: alice.token });
    expect(removed.status).toBe(200);
    await expect((await whoami(alice))?.run({}, context(alice))).rejects.toThrow(/Connect/);
  }, 60_000);

  it('uses a client the admin registered at a server without dynamic registration, never showing its secret', async () => {
    const closed = await startFakeMcpOAuth({
      registration: false,
      clients: { 'hearth-app': { secret: 'client-s3cret' } },
    });
    try {
      const body = { name: 'Closed', transport: 'http', url: closed.url, user_oauth: true };
      const created = await server.request<McpServer>('/api/admin/mcp-servers', { token: admin.token, body });
      const closedId = created.body.id;
      const startAt = (user: TestUser) =>
        server.request<McpOAuthStartResponse & { message: string }>(`/api/mcp/servers/${closedId}/oauth/start`, {
          token: user.token,
          body: {},
        });
      // Without a client of its own, Connect says what is missing.
      const refused = await startAt(alice);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/registration/i);

      const secretClient = { client_id: 'hearth-app', client_secret: 'client-s3cret' };
      const updated = await server.request<McpServer>(`/api/admin/mcp-servers/${closedId}`, {
        method: 'PUT',
        token: admin.token,
        body: { ...body, oauth_client: secretClient },
      });
      expect(updated.body.oauth_client_id).toBe('hearth-app');
      expect(JSON.stringify(updated.body)).not.toContain('client-s3cret');
      // An update that leaves the client out keeps it.
      const kept = await server.request<McpServer>(`/api/admin/mcp-servers/${closedId}`, {
        method: 'PUT',
        token: admin.token,
        body,
      });
      expect(kept.body.oauth_client_id).toBe('hearth-app');

      const connectAt = async (user: TestUser, login: string) => {
        const started = await startAt(user);
        expect(new URL(started.body.authorization_url).searchParams.get('client_id')).toBe('hearth-app');
        const back = await closed.approve(started.body.authorization_url, login);
        return callback(user, back, flowCookie(started.headers));
      };
      expect(await connectAt(admin, 'admin-closed')).toContain('mcp_connected=');
      expect(await connectAt(alice, 'alice-closed')).toContain('mcp_connected=');
      const refreshed = await server.request<McpServer>(`/api/admin/mcp-servers/${closedId}/refresh`, {
        token: admin.token,
        body: {},
      });
      expect(refreshed.status).toBe(200);
      closed.expireTokens();
      const tool = (await server.app.mcp.toolSource.forUser(alice.id, new AbortController().signal)).find(
        (entry) => entry.spec.name === 'closed__whoami',
      );
      await expect(tool?.run({}, context(alice))).resolves.toBe('key: alice-closed');
      // Every code exchange and the refresh authenticated as the admin's client, with its secret.
      expect(closed.grants).toEqual(['authorization_code', 'authorization_code', 'refresh_token']);
      expect(closed.tokenClients).toEqual(['hearth-app', 'hearth-app', 'hearth-app']);
      const row = await server.app.db.kysely
        .selectFrom('mcp_servers')
        .select('oauth_client_encrypted')
        .where('id', '=', closedId)
        .executeTakeFirstOrThrow();
      expect(row.oauth_client_encrypted).not.toContain('client-s3cret');
    } finally {
      await closed.close();
    }
  }, 60_000);
});
