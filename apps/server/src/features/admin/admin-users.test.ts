import { type AdminUser, type AdminUserList, SESSION_REVOKED_EVENT } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, moveToNewOrganization, setRoleInDb } from '../../../test/helpers';
import { openSse } from '../../../test/sse-client';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

describe(`admin: user management (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let otherOrgId: string;

  beforeAll(async () => {
    server = await startTestServer();
    superAdmin = await createUser(server, 'root');
    admin = await createUser(server, 'admin');
    otherAdmin = await createUser(server, 'otheradmin');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    await assignRole(server, superAdmin.token, otherAdmin.id, 'admin');
    otherOrgId = await moveToNewOrganization(server, otherAdmin.id);
  });
  afterAll(() => server.close());

  const me = (token: string) => server.request('/api/auth/me', { token });
  const list = (token: string, query = '') => server.request<AdminUserList>(`/api/admin/users${query}`, { token });
  const act = (token: string, id: string, action: 'ban' | 'unban') =>
    server.request<AdminUser>(`/api/admin/users/${id}/${action}`, { method: 'POST', token });
  const setRole = (token: string, id: string, role: string) =>
    server.request<AdminUser>(`/api/admin/users/${id}/role`, { method: 'PATCH', token, body: { role } });
  const remove = (token: string, id: string) => server.request(`/api/admin/users/${id}`, { method: 'DELETE', token });
  const create = (token: string, body: Record<string, unknown>) =>
    server.request<AdminUser>('/api/admin/users', { token, body });

  describe('bans', () => {
    it("ends the banned user's open event stream at once, after telling it why", async () => {
      const target = await createUser(server, 'streaming');
      const stream = await openSse(`${server.url}/api/events`, { token: target.token });
      expect(stream.status).toBe(200);
      expect((await act(admin.token, target.id, 'ban')).status).toBe(200);
      await stream.waitFor((event) => event.event === SESSION_REVOKED_EVENT);
      await stream.ended;
      // Reconnecting is refused: the session is gone.
      const again = await openSse(`${server.url}/api/events`, { token: target.token });
      expect(again.status).toBe(401);
      again.close();
    });

    it('stops the session and the API token at once, refuses sign-in, and unban restores it', async () => {
      const target = await createUser(server, 'banned');
      const apiToken = await server.request<{ secret: string }>('/api/tokens', {
        token: target.token,
        body: { name: 'cli' },
      });
      expect((await me(apiToken.body.secret)).status).toBe(200);

      const banned = await act(admin.token, target.id, 'ban');
      expect(banned.status).toBe(200);
      expect(banned.body).toMatchObject({ status: 'banned', banned_by: admin.id, banned_at: expect.any(String) });
      expect((await me(target.token)).status).toBe(401);
      expect((await me(apiToken.body.secret)).status).toBe(401);
      const refused = await server.request('/api/auth/login', {
        body: { email: target.email, password: STRONG_PASSWORD },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'account_banned' });

      const unbanned = await act(admin.token, target.id, 'unban');
      expect(unbanned.body).toMatchObject({ status: 'active', banned_at: null, banned_by: null });
      const again = await login(server, target.email);
      expect((await me(again.token)).status).toBe(200);
    });
  });

  describe('scope', () => {
    it('super admin lists everyone; an admin only their organisation', async () => {
      const everyone = await list(superAdmin.token, '?page_size=100');
      expect(everyone.status).toBe(200);
      const everyoneIds = everyone.body.users.map((user) => user.id);
      expect(everyoneIds).toEqual(expect.arrayContaining([superAdmin.id, admin.id, otherAdmin.id]));
      expect(everyone.body.total).toBe(everyone.body.users.length);

      const own = await list(admin.token, '?page_size=100');
      expect(own.status).toBe(200);
      expect(own.body.users.map((user) => user.id)).toContain(admin.id);
      expect(own.body.users.map((user) => user.id)).not.toContain(otherAdmin.id);
      expect(new Set(own.body.users.map((user) => user.organization_id)).size).toBe(1);

      const other = await list(otherAdmin.token, '?page_size=100');
      expect(other.body.users.map((user) => user.id)).toContain(otherAdmin.id);
      expect(other.body.users.map((user) => user.id)).not.toContain(admin.id);
      expect(other.body.users.every((user) => user.organization_id === otherOrgId)).toBe(true);
    });

    it('an admin cannot see or act on a user of another organisation (404)', async () => {
      const outsider = await create(otherAdmin.token, {
        email: `outsider-${Date.now()}@example.test`,
        password: STRONG_PASSWORD,
      });
      expect(outsider.status).toBe(201);
      for (const response of [
        await setRole(admin.token, outsider.body.id, 'moderator'),
        await act(admin.token, outsider.body.id, 'ban'),
        await remove(admin.token, outsider.body.id),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ code: 'not_found' });
      }
    });
  });

  describe('roles', () => {
    it('an admin moves users between user and moderator but cannot make admins', async () => {
      const target = await createUser(server, 'member');
      expect((await setRole(admin.token, target.id, 'moderator')).body).toMatchObject({ role: 'moderator' });
      expect((await setRole(admin.token, target.id, 'user')).body).toMatchObject({ role: 'user' });
      const promote = await setRole(admin.token, target.id, 'admin');
      expect(promote.status).toBe(403);
      expect(promote.body).toMatchObject({ code: 'forbidden' });
      expect((await setRole(admin.token, target.id, 'super_admin')).status).toBe(400);
    });

    it('an admin cannot touch another admin or a super admin (403)', async () => {
      const peer = await createUser(server, 'peer');
      await assignRole(server, superAdmin.token, peer.id, 'admin');
      for (const target of [peer.id, superAdmin.id]) {
        for (const response of [
          await setRole(admin.token, target, 'user'),
          await act(admin.token, target, 'ban'),
          await remove(admin.token, target),
        ]) {
          expect(response.status).toBe(403);
          expect(response.body).toMatchObject({ code: 'forbidden' });
        }
      }
    });

    it('super admin promotes to admin but cannot ban, delete or demote another super admin', async () => {
      const target = await createUser(server, 'promoted');
      expect((await setRole(superAdmin.token, target.id, 'admin')).body).toMatchObject({ role: 'admin' });
      const peer = await createUser(server, 'root2');
      await setRoleInDb(server, peer.id, 'super_admin');
      for (const response of [
        await setRole(superAdmin.token, peer.id, 'user'),
        await act(superAdmin.token, peer.id, 'ban'),
        await remove(superAdmin.token, peer.id),
      ]) {
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: 'forbidden' });
      }
    });

    it('nobody acts on their own account', async () => {
      for (const actor of [superAdmin, admin]) {
        for (const response of [
          await setRole(actor.token, actor.id, 'user'),
          await act(actor.token, actor.id, 'ban'),
          await remove(actor.token, actor.id),
        ]) {
          expect(response.status).toBe(403);
        }
      }
      expect((await me(admin.token)).body).toMatchObject({ role: 'admin', status: 'active' });
    });
  });

  describe('creating users', () => {
    it("gives the new user the admin's organisation and the admin as parent", async () => {
      const email = `child-${Date.now()}@example.test`;
      const created = await create(otherAdmin.token, { email, password: STRONG_PASSWORD, role: 'moderator' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        email,
        full_name: email,
        role: 'moderator',
        status: 'active',
        organization_id: otherOrgId,
        parent_user_id: otherAdmin.id,
      });
      const signedIn = await login(server, email);
      expect((await me(signedIn.token)).body).toMatchObject({ organization_id: otherOrgId, role: 'moderator' });
    });

    it('refuses an admin creating an admin (403), a weak password (400) and a taken email (409)', async () => {
      const asAdmin = await create(admin.token, {
        email: `wannabe-${Date.now()}@example.test`,
        password: STRONG_PASSWORD,
        role: 'admin',
      });
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.body).toMatchObject({ code: 'forbidden' });
      const weak = await create(admin.token, { email: `weak-${Date.now()}@example.test`, password: 'short' });
      expect(weak.body).toMatchObject({ code: 'weak_password' });
      const taken = await create(admin.token, { email: admin.email, password: STRONG_PASSWORD });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'email_taken' });
    });

    it('lets a super admin create an admin', async () => {
      const created = await create(superAdmin.token, {
        email: `made-admin-${Date.now()}@example.test`,
        password: STRONG_PASSWORD,
        role: 'admin',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ role: 'admin', parent_user_id: superAdmin.id });
    });
  });

  describe('listing', () => {
    it('searches by email and full name, and pages', async () => {
      const tag = `zq${Math.random().toString(36).slice(2, 7)}`;
      for (const name of ['a', 'b', 'c']) {
        const response = await create(admin.token, {
          email: `${tag}-${name}@example.test`,
          password: STRONG_PASSWORD,
          full_name: `Pager ${name}`,
        });
        expect(response.status).toBe(201);
      }
      const byEmail = await list(admin.token, `?search=${tag.toUpperCase()}`);
      expect(byEmail.body.total).toBe(3);
      expect((await list(admin.token, `?search=${tag}-b`)).body.users.map((user) => user.email)).toEqual([
        `${tag}-b@example.test`,
      ]);
      expect((await list(superAdmin.token, '?search=pager%20c')).body.users.map((user) => user.email)).toContain(
        `${tag}-c@example.test`,
      );
      expect((await list(otherAdmin.token, `?search=${tag}`)).body.total).toBe(0);

      const first = await list(admin.token, `?search=${tag}&page=1&page_size=2`);
      const second = await list(admin.token, `?search=${tag}&page=2&page_size=2`);
      expect(first.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
      expect(first.body.users).toHaveLength(2);
      expect(second.body.users).toHaveLength(1);
      const seen = [...first.body.users, ...second.body.users].map((user) => user.email).sort();
      expect(seen).toEqual(['a', 'b', 'c'].map((name) => `${tag}-${name}@example.test`));

      expect((await list(admin.token, '?page_size=1000')).status).toBe(400);
      expect((await list(admin.token, '?page=0')).status).toBe(400);
    });
  });

  it('delete removes the account: its session ends and its login fails', async () => {
    const target = await createUser(server, 'deleted');
    const response = await remove(admin.token, target.id);
    expect(response.status).toBe(200);
    expect((await me(target.token)).status).toBe(401);
    const signIn = await server.request('/api/auth/login', {
      body: { email: target.email, password: STRONG_PASSWORD },
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body).toMatchObject({ code: 'invalid_credentials' });
    expect((await remove(admin.token, target.id)).status).toBe(404);
    expect((await list(superAdmin.token, `?search=${encodeURIComponent(target.email)}`)).body.total).toBe(0);
  });
});
