import type { AdminUser, Role } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, moveToNewOrganization, setRoleInDb } from '../../../test/helpers';
import {
  createUser,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

type Actor = 'superAdmin' | 'admin' | 'moderator' | 'user';
type Place = 'same' | 'other';
type Outcome = 200 | 403 | 404;
const TARGET_ROLES: Role[] = ['user', 'moderator', 'admin', 'super_admin'];

/**
 * The rule for every pair: super admins act on anyone but super admins; admins act on users and moderators
 * of their own organisation and cannot even see other organisations; moderators and users act on nobody.
 */
function expected(actor: Actor, target: Role, place: Place): Outcome {
  if (actor === 'moderator' || actor === 'user') return 403;
  if (actor === 'superAdmin') return target === 'super_admin' ? 403 : 200;
  if (place === 'other') return 404;
  return target === 'user' || target === 'moderator' ? 200 : 403;
}

describe(`admin: role and ban rules for each pair of roles and organisations (${testDb})`, () => {
  let server: TestServer;
  const actors = {} as Record<Actor, TestUser>;
  let otherOrgId: string;

  beforeAll(async () => {
    server = await startTestServer();
    actors.superAdmin = await createUser(server, 'root');
    actors.admin = await createUser(server, 'admin');
    actors.moderator = await createUser(server, 'mod');
    actors.user = await createUser(server, 'plain');
    await assignRole(server, actors.superAdmin.token, actors.admin.id, 'admin');
    await assignRole(server, actors.superAdmin.token, actors.moderator.id, 'moderator');
    const anchor = await createUser(server, 'anchor');
    otherOrgId = await moveToNewOrganization(server, anchor.id);
  });
  afterAll(() => server.close());

  /** A fresh account with the given role, in the admin's organisation or the other one. */
  async function target(role: Role, place: Place): Promise<string> {
    const created = await server.request<AdminUser>('/api/admin/users', {
      token: actors.superAdmin.token,
      body: { email: `t-${Math.random().toString(36).slice(2, 10)}@example.test`, password: STRONG_PASSWORD },
    });
    const id = created.body.id;
    const kysely = server.app.db.kysely;
    const adminOrg = (
      await kysely
        .selectFrom('user_roles')
        .select('organization_id')
        .where('user_id', '=', actors.admin.id)
        .executeTakeFirstOrThrow()
    ).organization_id;
    await kysely
      .updateTable('user_roles')
      .set({ organization_id: place === 'same' ? adminOrg : otherOrgId })
      .where('user_id', '=', id)
      .execute();
    await setRoleInDb(server, id, role);
    return id;
  }

  const cases = (['superAdmin', 'admin', 'moderator', 'user'] as const).flatMap((actor) =>
    TARGET_ROLES.flatMap((role) => (['same', 'other'] as const).map((place) => ({ actor, role, place }))),
  );

  it.each(cases)('$actor → $role ($place organisation)', async ({ actor, role, place }) => {
    const outcome = expected(actor, role, place);
    const token = actors[actor].token;
    const id = await target(role, place);

    const demote = await server.request(`/api/admin/users/${id}/role`, {
      method: 'PATCH',
      token,
      body: { role: role === 'moderator' ? 'user' : 'moderator' },
    });
    expect(demote.status).toBe(outcome);

    const ban = await server.request<AdminUser>(`/api/admin/users/${id}/ban`, { method: 'POST', token });
    expect(ban.status).toBe(outcome);
    if (outcome === 200) expect(ban.body.status).toBe('banned');
    const unban = await server.request<AdminUser>(`/api/admin/users/${id}/unban`, { method: 'POST', token });
    expect(unban.status).toBe(outcome);

    // Promotion to admin is a super admin's alone, even where the target may otherwise be managed.
    const promote = await server.request(`/api/admin/users/${id}/role`, {
      method: 'PATCH',
      token,
      body: { role: 'admin' },
    });
    expect(promote.status).toBe(actor === 'admin' && outcome === 200 ? 403 : outcome);

    const stored = await server.app.db.kysely
      .selectFrom('profiles')
      .innerJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select(['status', 'role'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('active');
    if (outcome !== 200) expect(stored.role).toBe(role);
  });

  it('answers a malformed id with 400 on every id route', async () => {
    const token = actors.superAdmin.token;
    for (const response of [
      await server.request('/api/admin/users/not-a-uuid/role', { method: 'PATCH', token, body: { role: 'user' } }),
      await server.request('/api/admin/users/not-a-uuid/ban', { method: 'POST', token }),
      await server.request('/api/admin/users/not-a-uuid/unban', { method: 'POST', token }),
      await server.request('/api/admin/users/not-a-uuid', { method: 'DELETE', token }),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error' });
    }
  });
});
