import type { AuditChainReport, AuditEntry, AuditLogList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, moveToNewOrganization } from '../../../test/helpers';
import {
  createUser,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { executor } from '../../db/unit-of-work';

describe(`audit log (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;

  const list = (token: string, query = '') =>
    server.request<AuditLogList>(`/api/audit-logs${query}`, { token, headers: { 'user-agent': 'audit-test/1.0' } });

  beforeAll(async () => {
    server = await startTestServer();
    root = await createUser(server, 'audit-root');
    admin = await createUser(server, 'audit-admin');
    member = await createUser(server, 'audit-member');
    outsider = await createUser(server, 'audit-outsider');
    await assignRole(server, root.token, admin.id, 'admin');
    await moveToNewOrganization(server, outsider.id);
  });
  afterAll(() => server.close());

  it('records sign-up and sign-in with who acted and from where', async () => {
    const { body } = await list(member.token);
    const actions = body.entries.map((entry) => entry.action);
    expect(actions).toEqual(['SIGN_IN', 'CREATE']);
    const [signIn, signUp] = body.entries as [AuditEntry, AuditEntry];
    expect(signUp).toMatchObject({
      user_id: member.id,
      actor_id: member.id,
      resource_type: 'user',
      resource_id: member.id,
    });
    expect(signIn).toMatchObject({ actor_email: member.email, resource_type: 'session', ip: '127.0.0.1' });
    expect(signIn.resource_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records profile, password and API token changes, and sign-out', async () => {
    const user = await createUser(server, 'audit-changes');
    const headers = { 'user-agent': 'audit-browser/2.0' };
    expect(
      (await server.request('/api/profile', { method: 'PATCH', token: user.token, headers, body: { full_name: 'A' } }))
        .status,
    ).toBe(200);
    const body = { current_password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD}x` };
    expect((await server.request('/api/auth/password', { token: user.token, headers, body })).status).toBe(200);
    const token = await server.request<{ token: { id: string } }>('/api/tokens', {
      token: user.token,
      body: { name: 't' },
    });
    expect(
      (await server.request(`/api/tokens/${token.body.token.id}`, { method: 'DELETE', token: user.token })).status,
    ).toBe(200);
    expect((await server.request('/api/auth/logout', { token: user.token, body: {} })).status).toBe(200);

    const { body: own } = await list(root.token, `?scope=organization&user_id=${user.id}`);
    expect(own.entries.map((entry) => `${entry.action} ${entry.resource_type}`)).toEqual([
      'SIGN_OUT session',
      'DELETE api_token',
      'CREATE api_token',
      'UPDATE password',
      'UPDATE profile',
      'SIGN_IN session',
      'CREATE user',
    ]);
    expect(own.entries[4]).toMatchObject({ user_agent: 'audit-browser/2.0', details: { fields: ['full_name'] } });
    expect(own.entries[1]?.resource_id).toBe(token.body.token.id);
  });

  it('records admin actions on users, with the admin as actor', async () => {
    const created = await server.request<{ id: string }>('/api/admin/users', {
      token: admin.token,
      body: { email: `audit-target-${Date.now()}@example.test`, password: STRONG_PASSWORD },
    });
    const id = created.body.id;
    await server.request(`/api/admin/users/${id}/role`, {
      method: 'PATCH',
      token: admin.token,
      body: { role: 'moderator' },
    });
    await server.request(`/api/admin/users/${id}/ban`, { token: admin.token, body: {} });
    await server.request(`/api/admin/users/${id}/unban`, { token: admin.token, body: {} });
    expect((await server.request(`/api/admin/users/${id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);

    const { body } = await list(admin.token, `?scope=organization&user_id=${id}`);
    expect(body.entries.map((entry) => entry.action)).toEqual(['DELETE', 'UNBAN', 'BAN', 'ROLE_CHANGE', 'CREATE']);
    for (const entry of body.entries) expect(entry).toMatchObject({ actor_id: admin.id, actor_email: admin.email });
    expect(body.entries[3]?.details).toEqual({ from: 'user', to: 'moderator' });
  });

  it('shows users only their own entries, the newest 50 by default, with a cursor for more', async () => {
    const user = await createUser(server, 'audit-many');
    for (let index = 0; index < 52; index += 1) {
      await server.request('/api/profile', { method: 'PATCH', token: user.token, body: { full_name: `n${index}` } });
    }
    const first = await list(user.token);
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.entries.every((entry) => entry.user_id === user.id)).toBe(true);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await list(user.token, `?cursor=${first.body.next_cursor}`);
    expect(second.body.entries.map((entry) => entry.action)).toEqual(['UPDATE', 'UPDATE', 'SIGN_IN', 'CREATE']);
    expect(second.body.next_cursor).toBeNull();
    expect((await list(user.token, `?user_id=${member.id}`)).status).toBe(404);
    expect((await list(user.token, '?scope=organization')).status).toBe(403);
    expect((await list(user.token, '?user_id=not-a-uuid')).status).toBe(400);
    expect((await list(user.token, '?cursor=bogus')).status).toBe(400);
  });

  it("lets admins filter their organisation's entries, and nobody else's", async () => {
    const org = await list(admin.token, '?scope=organization&limit=200');
    const ids = new Set(org.body.entries.map((entry) => entry.user_id));
    expect(ids.has(member.id)).toBe(true);
    expect(ids.has(outsider.id)).toBe(false);
    expect((await list(admin.token, `?scope=organization&user_id=${outsider.id}`)).status).toBe(404);

    const signIns = await list(admin.token, '?scope=organization&action=SIGN_IN&limit=200');
    expect(signIns.body.entries.length).toBeGreaterThan(0);
    expect(signIns.body.entries.every((entry) => entry.action === 'SIGN_IN')).toBe(true);
    const tokens = await list(admin.token, '?scope=organization&resource_type=api_token');
    expect(tokens.body.entries.every((entry) => entry.resource_type === 'api_token')).toBe(true);

    const everyone = await list(root.token, `?scope=organization&user_id=${outsider.id}`);
    expect(everyone.body.entries.map((entry) => entry.action)).toEqual(['SIGN_IN', 'CREATE']);
  });

  it('keeps a valid chain under concurrent writes, and detects an edited or removed row', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        server.request('/api/profile', { method: 'PATCH', token: member.token, body: { full_name: `c${index}` } }),
      ),
    );
    const valid = await server.request<AuditChainReport>('/api/audit-logs/verify', { token: admin.token });
    expect(valid.body).toMatchObject({ valid: true, first_invalid_id: null });
    expect(valid.body.checked).toBeGreaterThan(40);

    const kysely = server.app.db.kysely;
    const target = await kysely
      .selectFrom('audit_logs')
      .select(['id', 'details'])
      .where('user_id', '=', member.id)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    await kysely.updateTable('audit_logs').set({ details: '{"forged":true}' }).where('id', '=', target.id).execute();
    const edited = await server.request<AuditChainReport>('/api/audit-logs/verify', { token: admin.token });
    expect(edited.body).toMatchObject({ valid: false, first_invalid_id: target.id });

    await kysely.updateTable('audit_logs').set({ details: target.details }).where('id', '=', target.id).execute();
    expect((await server.request<AuditChainReport>('/api/audit-logs/verify', { token: admin.token })).body.valid).toBe(
      true,
    );

    const last = await kysely.selectFrom('audit_logs').select(['id', 'seq']).orderBy('seq', 'desc').limit(2).execute();
    await kysely
      .deleteFrom('audit_logs')
      .where('id', '=', last[1]?.id ?? '')
      .execute();
    const removed = await server.request<AuditChainReport>('/api/audit-logs/verify', { token: admin.token });
    expect(removed.body).toMatchObject({ valid: false, first_invalid_id: last[0]?.id });
  });

  it('commits a change and its entry together or not at all', async () => {
    const before = await server.app.db.kysely.selectFrom('api_tokens').select('id').execute();
    const audit = server.app.privacy.audit;
    await expect(
      server.app.uow.run(async (tx) => {
        await executor(tx)
          .insertInto('api_tokens')
          .values({
            id: crypto.randomUUID(),
            user_id: member.id,
            name: 'doomed',
            prefix: 'hth_doomed',
            token_hash: 'x',
            created_at: new Date().toISOString(),
            last_used_at: null,
            expires_at: null,
          })
          .execute();
        // Whatever fails after the entry is written (here: a thrown error) takes change and entry back together.
        await audit.record(
          tx,
          { userId: member.id, action: 'CREATE', resourceType: 'api_token' },
          {
            actorId: member.id,
            ip: null,
            userAgent: null,
          },
        );
        throw new Error('audit sink failed');
      }),
    ).rejects.toThrow('audit sink failed');
    const after = await server.app.db.kysely.selectFrom('api_tokens').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
