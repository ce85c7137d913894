import type { PendingUserList, SecuritySettings, SignupResponse } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, moveToNewOrganization } from '../../../test/helpers';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe(`sign-up modes and the pending list (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    // No SIGNUP_MODE: the instance's real default, which the test servers otherwise set to open.
    server = await startTestServer({ SIGNUP_MODE: undefined });
    const first = await signup(unique('root'));
    expect(first.body).toEqual({ user: expect.objectContaining({ role: 'super_admin' }) });
    superAdmin = await login(server, first.body.user.email);
    // Accounts for the rest of the tests are made while sign-up is open, then the default comes back.
    const settings = await security(superAdmin.token);
    await putSecurity({ ...settings, signup_mode: 'open' });
    admin = await createUser(server, 'admin');
    otherAdmin = await createUser(server, 'otheradmin');
    user = await createUser(server, 'user');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    await assignRole(server, superAdmin.token, otherAdmin.id, 'admin');
    await moveToNewOrganization(server, otherAdmin.id);
    await putSecurity({ ...settings, signup_mode: 'approval' });
  });
  afterAll(() => server.close());

  function signup(email: string) {
    return server.request<SignupResponse>('/api/auth/signup', { body: { email, password: STRONG_PASSWORD } });
  }
  async function security(token: string) {
    return (await server.request<SecuritySettings>('/api/admin/settings/security', { token })).body;
  }
  async function putSecurity(body: SecuritySettings) {
    const response = await server.request('/api/admin/settings/security', {
      method: 'PUT',
      token: superAdmin.token,
      body,
    });
    expect(response.status).toBe(200);
  }
  const signIn = (email: string) => server.request('/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
  const pending = (token: string) => server.request<PendingUserList>('/api/admin/signups/pending', { token });
  const decide = (token: string, id: string, decision: 'approve' | 'reject') =>
    server.request(`/api/admin/signups/${id}/${decision}`, { method: 'POST', token });
  const auditActions = async (userId: string) =>
    (
      await server.app.db.kysely
        .selectFrom('audit_logs')
        .select(['action', 'actor_id'])
        .where('resource_id', '=', userId)
        .execute()
    ).map((row) => `${row.action} by ${row.actor_id === superAdmin.id ? 'root' : row.actor_id}`);

  it('a fresh instance asks for approval once its first account exists', async () => {
    expect((await security(superAdmin.token)).signup_mode).toBe('approval');
    const email = unique('waiting');
    const created = await signup(email);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ user: { email, role: 'user' }, pending: true });
    const refused = await signIn(email);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'account_pending',
      message: "Your account is waiting for an administrator's approval.",
    });
    // A wrong password still says only that: waiting accounts are not revealed to guessers.
    const wrong = await server.request('/api/auth/login', { body: { email, password: 'Wrong-password-1' } });
    expect(wrong.status).toBe(401);
  });

  it('admins approve an account in their organisation; then it signs in; the decision is audited', async () => {
    const email = unique('approved');
    const id = (await signup(email)).body.user.id;
    const listed = await pending(admin.token);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item) => item.email)).toContain(email);
    expect(listed.body.total).toBe(listed.body.items.length);

    // Someone else's organisation, and plain users, neither see nor decide.
    expect((await pending(otherAdmin.token)).body.items.map((item) => item.email)).not.toContain(email);
    expect((await decide(otherAdmin.token, id, 'approve')).status).toBe(404);
    expect((await pending(user.token)).status).toBe(403);
    expect((await decide(user.token, id, 'approve')).status).toBe(403);

    expect((await decide(admin.token, id, 'approve')).status).toBe(200);
    expect((await signIn(email)).status).toBe(200);
    expect((await pending(admin.token)).body.items.map((item) => item.email)).not.toContain(email);
    expect((await decide(admin.token, id, 'approve')).status).toBe(404);
    const approvals = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('resource_id', '=', id)
      .where('action', '=', 'APPROVE')
      .execute();
    expect(approvals).toEqual([{ action: 'APPROVE', actor_id: admin.id }]);
  });

  it('rejection deletes the account, audited; the address may ask again', async () => {
    const email = unique('rejected');
    const id = (await signup(email)).body.user.id;
    expect((await decide(superAdmin.token, id, 'reject')).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['REJECT by root', 'DELETE by root']));
    expect((await signup(email)).body.pending).toBe(true);
  });

  it('open lets accounts in at once; invite-only and closed refuse with a clear message', async () => {
    const settings = await security(superAdmin.token);
    try {
      await putSecurity({ ...settings, signup_mode: 'open' });
      const open = await signup(unique('open'));
      expect(open.body.pending).toBeUndefined();
      expect((await signIn(open.body.user.email)).status).toBe(200);
      for (const [mode, message] of [
        ['invite_only', 'Sign-up is by invitation only. Ask an administrator for an invitation link.'],
        ['closed', 'Sign-up is closed on this instance. Ask an administrator to create your account.'],
      ] as const) {
        await putSecurity({ ...settings, signup_mode: mode });
        const refused = await signup(unique(mode));
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ code: 'signup_closed', message });
      }
    } finally {
      await putSecurity(settings);
    }
  });
});
