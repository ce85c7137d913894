import type {
  AdminUserList,
  AuditLogList,
  Group,
  GroupMemberList,
  Organization,
  OrganizationList,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

/** Organisations and groups built through the API only (issue 16): no fixture writes to the database. */
describe(`organisations and groups (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;
  let adminA: TestUser;
  let adminB: TestUser;
  let memberA: TestUser;
  let memberB: TestUser;
  let orgB: Organization;

  const orgs = (token: string) => server.request<OrganizationList>('/api/admin/organizations', { token });
  const move = (token: string, userId: string, organizationId: string) =>
    server.request(`/api/admin/users/${userId}/organization`, {
      method: 'PATCH',
      token,
      body: { organization_id: organizationId },
    });
  const users = (token: string, query = '') => server.request<AdminUserList>(`/api/admin/users${query}`, { token });
  const createGroup = (token: string, body: Record<string, unknown>) =>
    server.request<Group>('/api/admin/groups', { token, body });
  const addMember = (token: string, groupId: string, userId: string) =>
    server.request<GroupMemberList>(`/api/admin/groups/${groupId}/members`, { token, body: { user_id: userId } });

  beforeAll(async () => {
    // Accounts are made by plain sign-up here, whatever a fresh instance's default sign-up mode is.
    server = await startTestServer({ SIGNUP_MODE: 'open' });
    root = await createUser(server, 'root');
    adminA = await createUser(server, 'admina');
    adminB = await createUser(server, 'adminb');
    memberA = await createUser(server, 'membera');
    memberB = await createUser(server, 'memberb');
    await assignRole(server, root.token, adminA.id, 'admin');
    await assignRole(server, root.token, adminB.id, 'admin');
    const created = await server.request<Organization>('/api/admin/organizations', {
      token: root.token,
      body: { name: 'Research' },
    });
    expect(created.status).toBe(201);
    orgB = created.body;
    expect((await move(root.token, adminB.id, orgB.id)).status).toBe(200);
    expect((await move(root.token, memberB.id, orgB.id)).status).toBe(200);
  });
  afterAll(() => server.close());

  it('super admins see every organisation with its counts; an org admin sees only their own', async () => {
    const all = await orgs(root.token);
    expect(all.body.organizations.map((org) => org.name)).toEqual(['Default', 'Research']);
    expect(all.body.organizations.find((org) => org.id === orgB.id)).toMatchObject({
      user_count: 2,
      is_default: false,
    });

    const mine = await orgs(adminB.token);
    expect(mine.body.organizations.map((org) => org.id)).toEqual([orgB.id]);
    const listed = await users(adminB.token);
    expect(listed.body.users.map((user) => user.id).sort()).toEqual([adminB.id, memberB.id].sort());
    const filtered = await users(root.token, `?organization_id=${orgB.id}`);
    expect(filtered.body.total).toBe(2);
  });

  it('only super admins create, rename, delete and move', async () => {
    expect(
      (await server.request('/api/admin/organizations', { token: adminA.token, body: { name: 'X' } })).status,
    ).toBe(403);
    expect((await move(adminA.token, memberA.id, orgB.id)).status).toBe(403);
    const renamed = await server.request<Organization>(`/api/admin/organizations/${orgB.id}`, {
      method: 'PATCH',
      token: root.token,
      body: { name: 'Research & Development' },
    });
    expect(renamed.body).toMatchObject({ name: 'Research & Development' });
    const taken = await server.request('/api/admin/organizations', { token: root.token, body: { name: 'default' } });
    expect(taken.status).toBe(409);
  });

  it('refuses to delete an organisation that still has users, and the default one; deletes an empty one', async () => {
    const refused = await server.request(`/api/admin/organizations/${orgB.id}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', details: { users: 2 } });
    const defaultId = (await orgs(root.token)).body.organizations.find((org) => org.is_default)?.id;
    const defaultRefused = await server.request(`/api/admin/organizations/${defaultId}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(defaultRefused.status).toBe(409);

    const empty = await server.request<Organization>('/api/admin/organizations', {
      token: root.token,
      body: { name: 'Temporary' },
    });
    const gone = await server.request(`/api/admin/organizations/${empty.body.id}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(gone.status).toBe(200);
    const audit = await server.request<AuditLogList>('/api/audit-logs?scope=organization&resource_type=organization', {
      token: root.token,
    });
    expect(audit.body.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['CREATE', 'UPDATE', 'DELETE']),
    );
  });

  it('an org admin cannot see or act on users of the other organisation', async () => {
    expect(
      (await server.request(`/api/admin/users/${memberB.id}/ban`, { method: 'POST', token: adminA.token })).status,
    ).toBe(404);
    expect(
      (await server.request(`/api/admin/users/${memberA.id}/ban`, { method: 'POST', token: adminB.token })).status,
    ).toBe(404);
  });

  it('groups: admins manage groups of their own organisation only, members must belong to it', async () => {
    const groupA = await createGroup(adminA.token, { name: 'Writers' });
    expect(groupA.status).toBe(201);
    const defaultId = groupA.body.organization_id;
    // An admin naming another organisation: not found for them.
    expect((await createGroup(adminA.token, { name: 'Spies', organization_id: orgB.id })).status).toBe(404);
    expect((await createGroup(adminA.token, { name: 'writers' })).status).toBe(409);

    // adminB cannot see, rename or fill a group of the default organisation.
    const listedB = await server.request<{ groups: Group[] }>('/api/admin/groups', { token: adminB.token });
    expect(listedB.body.groups.map((group) => group.id)).not.toContain(groupA.body.id);
    expect((await addMember(adminB.token, groupA.body.id, memberB.id)).status).toBe(404);
    const rename = await server.request(`/api/admin/groups/${groupA.body.id}`, {
      method: 'PATCH',
      token: adminB.token,
      body: { name: 'Mine' },
    });
    expect(rename.status).toBe(404);

    // A user of the other organisation cannot join: unknown to adminA, refused for the super admin.
    expect((await addMember(adminA.token, groupA.body.id, memberB.id)).status).toBe(404);
    expect((await addMember(root.token, groupA.body.id, memberB.id)).status).toBe(409);

    const added = await addMember(adminA.token, groupA.body.id, memberA.id);
    expect(added.body.members.map((member) => member.user_id)).toEqual([memberA.id]);
    const visibleToMember = await server.request<{ groups: Group[] }>('/api/groups', { token: memberA.token });
    expect(visibleToMember.body.groups).toEqual([expect.objectContaining({ id: groupA.body.id, member_count: 1 })]);
    const otherOrgView = await server.request<{ groups: Group[] }>('/api/groups', { token: memberB.token });
    expect(otherOrgView.body.groups).toEqual([]);

    // Super admins create groups in any organisation.
    const groupB = await createGroup(root.token, { name: 'Lab', organization_id: orgB.id });
    expect(groupB.body.organization_id).toBe(orgB.id);
    expect(groupB.body.organization_id).not.toBe(defaultId);

    const removed = await server.request(`/api/admin/groups/${groupA.body.id}/members/${memberA.id}`, {
      method: 'DELETE',
      token: adminA.token,
    });
    expect(removed.status).toBe(200);
    const deleted = await server.request(`/api/admin/groups/${groupA.body.id}`, {
      method: 'DELETE',
      token: adminA.token,
    });
    expect(deleted.status).toBe(200);
  });

  it('moving a user ends their groups in the old organisation and shows them to the new one', async () => {
    const mover = await createUser(server, 'mover');
    const group = await createGroup(adminA.token, { name: 'Movers' });
    await addMember(adminA.token, group.body.id, mover.id);
    // Their presets shared with that group stop being shared with it.
    const preset = await server.request<{ id: string }>('/api/presets', {
      token: mover.token,
      body: { name: 'Mover preset' },
    });
    const groupsOf = () =>
      server.request<{ groups: { id: string }[] }>(`/api/presets/${preset.body.id}/groups`, { token: mover.token });
    const shared = await server.request(`/api/presets/${preset.body.id}/groups`, {
      token: mover.token,
      method: 'PUT',
      body: { group_ids: [group.body.id] },
    });
    expect(shared.status).toBe(200);
    expect((await groupsOf()).body.groups.map((item) => item.id)).toEqual([group.body.id]);
    expect((await move(root.token, mover.id, orgB.id)).status).toBe(200);
    expect((await groupsOf()).body.groups).toEqual([]);

    const members = await server.request<GroupMemberList>(`/api/admin/groups/${group.body.id}/members`, {
      token: adminA.token,
    });
    expect(members.body.members).toEqual([]);
    expect((await users(adminA.token)).body.users.map((user) => user.id)).not.toContain(mover.id);
    expect((await users(adminB.token)).body.users.map((user) => user.id)).toContain(mover.id);
    const me = await server.request<{ organization_id: string }>('/api/auth/me', { token: mover.token });
    expect(me.body.organization_id).toBe(orgB.id);
    // Super admins are never moved by another account.
    const defaultId = (await orgs(root.token)).body.organizations.find((org) => org.is_default)?.id ?? '';
    expect((await move(root.token, root.id, defaultId)).status).toBe(403);
  });
});
