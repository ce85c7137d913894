import type { McpAvailableServersResponse, McpServer } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_MCP_STDIO_SCRIPT,
  type FakeMcpHttp,
  startFakeMcpHttp,
  startFakeMcpSse,
} from '../../../test/fakes/fake-mcp';
import { assignRole, moveToNewOrganization } from '../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const stdioServer = (extra: Record<string, unknown> = {}) => ({
  name: 'Fake stdio',
  transport: 'stdio',
  command: process.execPath,
  args: ['--import', 'tsx', FAKE_MCP_STDIO_SCRIPT],
  ...extra,
});

/** MCP servers (issue 20): register, list tools, call them through the chat's tool source, per-user keys. */
describe(`MCP servers (${testDb})`, () => {
  let server: TestServer;
  let http: FakeMcpHttp;
  let root: TestUser;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let outsider: TestUser;

  const context = (user: TestUser) => ({ userId: user.id, conversationId: 'c1', signal: new AbortController().signal });
  const toolsOf = (user: TestUser) => server.app.mcp.toolSource.forUser(user.id, new AbortController().signal);
  const create = (body: Record<string, unknown>, token = admin.token) =>
    server.request<McpServer>('/api/admin/mcp-servers', { token, body });
  const refresh = (id: string, token = admin.token) =>
    server.request<McpServer>(`/api/admin/mcp-servers/${id}/refresh`, { token, body: {} });

  beforeAll(async () => {
    http = await startFakeMcpHttp();
    server = await startTestServer({ MCP_STDIO_COMMANDS: `/usr/bin/true-mcp, ${process.execPath}` });
    root = await createUser(server, 'mcp-root');
    admin = await createUser(server, 'mcp-admin');
    alice = await createUser(server, 'mcp-alice');
    bob = await createUser(server, 'mcp-bob');
    outsider = await createUser(server, 'mcp-outsider');
    await assignRole(server, root.token, admin.id, 'admin');
    await moveToNewOrganization(server, outsider.id);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await http?.close();
  });

  it('registers a stdio server, lists its tools and calls one through the tool source', async () => {
    const created = await create(stdioServer());
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe('fake_stdio');
    const refreshed = await refresh(created.body.id);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.tools.map((tool) => tool.name)).toEqual(['add', 'lookup_order', 'whoami']);
    const add = refreshed.body.tools[0];
    expect(add).toMatchObject({ description: 'Adds two numbers.', enabled: true, approval: 'ask' });
    expect(add?.input_schema).toMatchObject({ type: 'object', required: ['a', 'b'] });

    const tools = await toolsOf(alice);
    const tool = tools.find((entry) => entry.spec.name === 'fake_stdio__add');
    expect(tool).toMatchObject({ source: 'Fake stdio', approval: 'ask' });
    expect(tool?.spec.parameters).toMatchObject({ properties: { a: { type: 'number' } } });
    await expect(tool?.run({ a: 2, b: 3 }, context(alice))).resolves.toBe('5');
  }, 60_000);

  it('refuses a stdio command that MCP_STDIO_COMMANDS does not list', async () => {
    const refused = await create(stdioServer({ name: 'Shell', command: '/bin/sh' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_error', details: { field: 'command' } });
    expect(String((refused.body as unknown as { message: string }).message)).toContain('is not allowed');
  });

  it('keeps each user’s key to their own calls (HTTP), sealed at rest and never shown', async () => {
    const created = await create({
      name: 'Orders API',
      transport: 'http',
      url: http.url,
      user_credential: { name: 'x-api-key', template: 'k={key}' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // The admin refreshes with their own key only.
    expect((await refresh(id)).status).toBe(400);
    const setKey = (user: TestUser, key: string) =>
      server.request(`/api/mcp/servers/${id}/credential`, { method: 'PUT', token: user.token, body: { key } });
    expect((await setKey(admin, 'admin-key')).status).toBe(200);
    const refreshed = await refresh(id);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.tools.map((tool) => tool.name)).toContain('whoami');
    expect((await setKey(alice, 'alice-secret-key')).status).toBe(200);

    const listed = await server.request<McpAvailableServersResponse>('/api/mcp/servers', { token: alice.token });
    expect(listed.body.servers.find((entry) => entry.id === id)).toMatchObject({
      needs_credential: true,
      credential_set: true,
    });
    expect(JSON.stringify(listed.body)).not.toContain('alice-secret-key');
    const bobs = await server.request<McpAvailableServersResponse>('/api/mcp/servers', { token: bob.token });
    expect(bobs.body.servers.find((entry) => entry.id === id)?.credential_set).toBe(false);

    const row = await server.app.db.kysely
      .selectFrom('mcp_user_credentials')
      .selectAll()
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted.startsWith('v1.')).toBe(true);
    expect(row.secret_encrypted).not.toContain('alice-secret-key');

    const whoamiFor = async (user: TestUser) =>
      (await toolsOf(user)).find((entry) => entry.spec.name === 'orders_api__whoami');
    http.keys.length = 0;
    await expect((await whoamiFor(alice))?.run({}, context(alice))).resolves.toBe('key: k=alice-secret-key');
    expect(new Set(http.keys)).toEqual(new Set(['k=alice-secret-key']));

    http.keys.length = 0;
    const bobTool = await whoamiFor(bob);
    await expect(bobTool?.run({}, context(bob))).rejects.toThrow(/needs your own key/);
    // A tool offered to Alice cannot run as Bob, so her key never serves his call.
    await expect((await whoamiFor(alice))?.run({}, context(bob))).rejects.toThrow(/another user/);
    expect(http.keys).toEqual([]);

    expect((await setKey(bob, 'bob-key')).status).toBe(200);
    await expect(bobTool?.run({}, context(bob))).resolves.toBe('key: k=bob-key');
    expect(http.keys.every((key) => key === 'k=bob-key')).toBe(true);

    const removed = await server.request(`/api/mcp/servers/${id}/credential`, { method: 'DELETE', token: bob.token });
    expect(removed.status).toBe(200);
    await expect(bobTool?.run({}, context(bob))).rejects.toThrow(/needs your own key/);
  }, 60_000);

  it('falls back to the SSE transport for servers of the older protocol', async () => {
    const sse = await startFakeMcpSse();
    try {
      const created = await create({ name: 'Legacy SSE', transport: 'http', url: sse.url });
      expect(created.status).toBe(201);
      const refreshed = await refresh(created.body.id);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.tools.map((tool) => tool.name)).toContain('add');
      const tool = (await toolsOf(alice)).find((entry) => entry.spec.name === 'legacy_sse__add');
      await expect(tool?.run({ a: 40, b: 2 }, context(alice))).resolves.toBe('42');
    } finally {
      await sse.close();
    }
  }, 60_000);

  it('refuses URLs the outbound guard refuses', async () => {
    const refused = await create({ name: 'Metadata', transport: 'http', url: 'http://169.254.169.254/mcp' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'url_not_allowed' });
  });

  it('passes a user’s key to a stdio server in the environment variable the admin named', async () => {
    const created = await create(
      stdioServer({ name: 'Keyed stdio', user_credential: { name: 'FAKE_MCP_KEY', template: '{key}' } }),
    );
    const id = created.body.id;
    await server.request(`/api/mcp/servers/${id}/credential`, {
      method: 'PUT',
      token: admin.token,
      body: { key: 'admin-stdio' },
    });
    expect((await refresh(id)).status).toBe(200);
    await server.request(`/api/mcp/servers/${id}/credential`, {
      method: 'PUT',
      token: alice.token,
      body: { key: 'alice-stdio' },
    });
    const tool = (await toolsOf(alice)).find((entry) => entry.spec.name === 'keyed_stdio__whoami');
    await expect(tool?.run({}, context(alice))).resolves.toBe('key: alice-stdio');
  }, 60_000);

  it('offers tools only where access allows and as the admin set them', async () => {
    const created = await create(stdioServer({ name: 'Home only' }));
    const id = created.body.id;
    await refresh(id);
    const homeOrg = await server.app.db.kysely
      .selectFrom('user_roles')
      .select('organization_id')
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    const updated = await server.request<McpServer>(`/api/admin/mcp-servers/${id}`, {
      method: 'PUT',
      token: admin.token,
      body: { ...stdioServer({ name: 'Home only' }), everyone: false, organization_ids: [homeOrg.organization_id] },
    });
    expect(updated.status).toBe(200);
    const names = async (user: TestUser) => (await toolsOf(user)).map((tool) => tool.spec.name);
    expect(await names(alice)).toContain('home_only__add');
    expect(await names(outsider)).not.toContain('home_only__add');
    const theirs = await server.request(`/api/mcp/servers/${id}/credential`, {
      method: 'PUT',
      token: outsider.token,
      body: { key: 'x' },
    });
    expect(theirs.status).toBe(404);

    const patched = await server.request<McpServer>(`/api/admin/mcp-servers/${id}/tools/add`, {
      method: 'PATCH',
      token: admin.token,
      body: { enabled: false },
    });
    expect(patched.status).toBe(200);
    await server.request(`/api/admin/mcp-servers/${id}/tools/lookup_order`, {
      method: 'PATCH',
      token: admin.token,
      body: { approval: 'auto' },
    });
    const tools = await toolsOf(alice);
    expect(tools.map((tool) => tool.spec.name)).not.toContain('home_only__add');
    expect(tools.find((tool) => tool.spec.name === 'home_only__lookup_order')?.approval).toBe('auto');

    const audited = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['action', 'resource_type'])
      .where('resource_id', 'in', [id, `${id}/add`])
      .execute();
    expect(audited.map((entry) => `${entry.action} ${entry.resource_type}`)).toEqual(
      expect.arrayContaining(['CREATE mcp_server', 'UPDATE mcp_server', 'UPDATE mcp_tool']),
    );
    expect(
      (await server.request(`/api/admin/mcp-servers/${id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
    expect(await names(alice)).not.toContain('home_only__lookup_order');
  }, 60_000);
});
