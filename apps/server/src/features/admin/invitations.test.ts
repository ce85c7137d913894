import type {
  Invitation,
  InvitationCreated,
  InvitationList,
  InvitationPreview,
  SecuritySettings,
  SignupResponse,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto';
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

describe(`invitations (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let otherOrgId: string;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    superAdmin = await createUser(server, 'root');
    admin = await createUser(server, 'admin');
    otherAdmin = await createUser(server, 'otheradmin');
    user = await createUser(server, 'user');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    await assignRole(server, superAdmin.token, otherAdmin.id, 'admin');
    otherOrgId = await moveToNewOrganization(server, otherAdmin.id, 'Research');
    // Invitations work whatever the mode: closed is the strictest.
    const settings = (await server.request<SecuritySettings>('/api/admin/settings/security', { token: admin.token }))
      .body;
    await server.request('/api/admin/settings/security', {
      method: 'PUT',
      token: superAdmin.token,
      body: { ...settings, signup_mode: 'closed' },
    });
  });
  afterAll(() => server.close());

  const invite = (token: string, body: Record<string, unknown> = {}) =>
    server.request<InvitationCreated>('/api/admin/invitations', { token, body });
  const list = (token: string) => server.request<InvitationList>('/api/admin/invitations', { token });
  const preview = (token: string) =>
    server.request<InvitationPreview>(`/api/auth/invitations/${encodeURIComponent(token)}`);
  const signup = (inviteToken: string, email = unique('invited')) =>
    server.request<SignupResponse>('/api/auth/signup', {
      body: { email, password: STRONG_PASSWORD, invite_token: inviteToken },
    });
  const roleOf = async (id: string) =>
    server.app.db.kysely
      .selectFrom('user_roles')
      .select(['role', 'organization_id', 'parent_user_id'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();

  it('a single-use link signs up once, in its role and organisation, without approval, even when closed', async () => {
    const created = await invite(otherAdmin.token, { role: 'moderator' });
    expect(created.status).toBe(201);
    const { token, path, invitation } = created.body;
    expect(path).toBe(`/auth?invite=${encodeURIComponent(token)}`);
    expect(invitation).toMatchObject({
      role: 'moderator',
      organization_id: otherOrgId,
      organization_name: 'Research',
      max_uses: 1,
      uses: 0,
      status: 'active',
    });
    // Seven days by default.
    const days = (Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect((await preview(token)).body).toMatchObject({ organization_name: 'Research', role: 'moderator' });

    const email = unique('single');
    const joined = await signup(token, email);
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({ user: expect.objectContaining({ role: 'moderator' }) });
    expect(await roleOf(joined.body.user.id)).toEqual({
      role: 'moderator',
      organization_id: otherOrgId,
      parent_user_id: otherAdmin.id,
    });
    expect((await login(server, email)).role).toBe('moderator');

    const again = await signup(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invitation_invalid' });
    expect((await preview(token)).status).toBe(400);
    const listed = (await list(otherAdmin.token)).body.items.find((item) => item.id === invitation.id);
    expect(listed).toMatchObject({ uses: 1, status: 'used_up' });
  });

  it('a multi-use link takes exactly its number of sign-ups', async () => {
    const { token } = (await invite(admin.token, { max_uses: 2, expires_in_days: 1 })).body;
    expect((await signup(token)).status).toBe(201);
    expect((await signup(token)).status).toBe(201);
    expect((await signup(token)).body).toMatchObject({ code: 'invitation_invalid' });
  });

  it('expired and revoked links are refused; the token is stored only hashed', async () => {
    const expired = (await invite(admin.token)).body;
    const stored = await server.app.db.kysely
      .selectFrom('invitations')
      .select('token_hash')
      .where('id', '=', expired.invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(expired.token));
    // Test setup only: time cannot be moved forward through the API.
    await server.app.db.kysely
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.invitation.id)
      .execute();
    expect((await signup(expired.token)).body).toMatchObject({ code: 'invitation_invalid' });
    expect((await preview(expired.token)).status).toBe(400);

    const revoked = (await invite(admin.token)).body;
    // Another organisation's admin cannot revoke it, a plain user cannot either.
    const path = `/api/admin/invitations/${revoked.invitation.id}`;
    expect((await server.request(path, { method: 'DELETE', token: otherAdmin.token })).status).toBe(404);
    expect((await server.request(path, { method: 'DELETE', token: user.token })).status).toBe(403);
    expect((await server.request(path, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await signup(revoked.token)).body).toMatchObject({ code: 'invitation_invalid' });
    const listed = (await list(admin.token)).body.items;
    const statuses = Object.fromEntries(listed.map((item: Invitation) => [item.id, item.status]));
    expect(statuses[revoked.invitation.id]).toBe('revoked');
    expect(statuses[expired.invitation.id]).toBe('expired');
    expect((await signup('not-a-real-token')).body).toMatchObject({ code: 'invitation_invalid' });
  });

  it('an invitation for an address is used by that address only', async () => {
    const email = unique('named');
    const { token } = (await invite(admin.token, { email: email.toUpperCase() })).body;
    expect((await preview(token)).body.email).toBe(email);
    expect((await signup(token, unique('someone-else'))).body).toMatchObject({ code: 'invitation_invalid' });
    expect((await signup(token, email)).status).toBe(201);
  });

  it('nobody invites above what they may grant, or outside their organisation', async () => {
    expect((await invite(admin.token, { role: 'admin' })).status).toBe(403);
    expect((await invite(admin.token, { role: 'super_admin' })).status).toBe(400);
    expect((await invite(superAdmin.token, { role: 'super_admin' })).status).toBe(400);
    expect((await invite(admin.token, { organization_id: otherOrgId })).status).toBe(403);
    expect((await invite(user.token)).status).toBe(403);
    expect((await list(user.token)).status).toBe(403);

    // A super admin may make admins, in any organisation.
    const made = await invite(superAdmin.token, { role: 'admin', organization_id: otherOrgId });
    expect(made.status).toBe(201);
    const joined = await signup(made.body.token);
    expect(await roleOf(joined.body.user.id)).toMatchObject({ role: 'admin', organization_id: otherOrgId });
    // An admin cannot revoke an invitation above their own grant, even in their organisation.
    const adminInvite = `/api/admin/invitations/${made.body.invitation.id}`;
    expect((await server.request(adminInvite, { method: 'DELETE', token: otherAdmin.token })).status).toBe(403);
  });

  it("admins list their organisation's invitations; super admins see all", async () => {
    const mine = (await invite(admin.token)).body.invitation.id;
    const theirs = (await invite(otherAdmin.token)).body.invitation.id;
    const adminIds = (await list(admin.token)).body.items.map((item) => item.id);
    expect(adminIds).toContain(mine);
    expect(adminIds).not.toContain(theirs);
    const allIds = (await list(superAdmin.token)).body.items.map((item) => item.id);
    expect(allIds).toEqual(expect.arrayContaining([mine, theirs]));
  });
});
