import type { AppVersion, DeploymentLog } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../../test/helpers';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

type Answer = AppVersion & { code?: string; message?: string };

describe(`versions and simple deployments (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;
  let members: TestUser[];
  let counter = 0;
  /** A fresh, unused version number. */
  const nextVersion = () => `3.${(counter += 1)}.0`;

  const create = (body: Record<string, unknown>, token = superAdmin.token) =>
    server.request<Answer>('/api/admin/versions', { token, body });
  const move = (id: string, deployment_status: string) =>
    server.request<Answer>(`/api/admin/versions/${id}`, {
      method: 'PATCH',
      token: superAdmin.token,
      body: { deployment_status },
    });
  const notificationsOf = (versionId: string) =>
    server.app.db.kysely.selectFrom('update_notifications').selectAll().where('version_id', '=', versionId).execute();
  const logsOf = async (versionId: string) =>
    (
      await server.request<{ logs: DeploymentLog[] }>(`/api/admin/deployment-logs?version_id=${versionId}`, {
        token: superAdmin.token,
      })
    ).body.logs;

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    superAdmin = await createUser(server, 'rel-super');
    admin = await createUser(server, 'rel-admin');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    members = [await createUser(server, 'rel-a'), await createUser(server, 'rel-b')];
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates drafts, staged and live versions; deployed_at only when live', async () => {
    const draft = await create({ version: nextVersion(), release_notes: '  Notes  ' });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ deployment_status: 'draft', deployed_at: null, release_notes: 'Notes' });
    expect(draft.body.created_by_user_id).toBe(superAdmin.id);
    const staged = await create({ version: nextVersion(), deployment_status: 'staged' });
    expect(staged.body).toMatchObject({ deployment_status: 'staged', deployed_at: null });
    const live = await create({ version: nextVersion(), deployment_status: 'live', is_critical: true });
    expect(live.body.deployment_status).toBe('live');
    expect(Date.parse(live.body.deployed_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Going live notifies every profile once, with a completed log.
    const notifications = await notificationsOf(live.body.id);
    expect(notifications.map((row) => row.user_id).sort()).toEqual(
      [superAdmin.id, admin.id, ...members.map((member) => member.id)].sort(),
    );
    expect(notifications[0]).toMatchObject({
      is_critical: 1,
      message: `Version ${live.body.version} is now available`,
    });
    expect((await logsOf(live.body.id)).map((log) => log.deployment_status)).toEqual(['completed']);
    expect(await notificationsOf(draft.body.id)).toEqual([]);
    // Creating as rollback is not a thing.
    expect((await create({ version: nextVersion(), deployment_status: 'rollback' })).status).toBe(400);
  });

  it('validates version numbers and refuses duplicates, 1.0 being 1.0.0', async () => {
    for (const version of ['v1.0', '1.0-beta', '', 'one', '1..2']) {
      const response = await create({ version });
      expect(response.status, version).toBe(400);
      expect(response.body.code).toBe('validation_error');
    }
    expect((await create({ version: '7.0.0' })).status).toBe(201);
    const duplicate = await create({ version: '7.0' });
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect((await create({ version: '7' })).status).toBe(409);
    expect((await create({ version: '7.0.1' })).status).toBe(201);
    expect((await create({ version: '1.0', release_notes: 'x'.repeat(20_001) })).status).toBe(400);
  });

  it('moves draft → staged → live → rollback and refuses every other move', async () => {
    const all = ['draft', 'staged', 'live', 'rollback'] as const;
    const allowed: Record<string, string> = { draft: 'staged', staged: 'live', live: 'rollback' };
    for (const from of all) {
      for (const to of all) {
        const { body: version } = await create({ version: nextVersion(), deployment_status: 'draft' });
        // Walk the version to `from` along the allowed path.
        for (const step of all.slice(1, all.indexOf(from) + 1)) expect((await move(version.id, step)).status).toBe(200);
        const response = await move(version.id, to);
        if (allowed[from] === to) {
          expect(response.status, `${from} → ${to}`).toBe(200);
          expect(response.body.deployment_status).toBe(to);
        } else {
          expect(response.status, `${from} → ${to}`).toBe(409);
          expect(response.body.code).toBe('invalid_transition');
        }
      }
    }
    expect((await move('00000000-0000-4000-8000-00000000abcd', 'staged')).body.code).toBe('not_found');
    expect((await move('not-a-uuid', 'staged')).status).toBe(400);
  });

  it('a simple deploy sets deployed_at and notifies once; rollback keeps it and logs it', async () => {
    const { body: version } = await create({ version: nextVersion(), deployment_status: 'staged' });
    const newcomer = await createUser(server, 'rel-new');
    const live = await move(version.id, 'live');
    expect(live.body).toMatchObject({ deployment_status: 'live', deployment_error: null });
    expect(live.body.deployed_at).not.toBeNull();
    const notified = await notificationsOf(version.id);
    expect(notified).toHaveLength(5);
    expect(notified.some((row) => row.user_id === newcomer.id)).toBe(true);
    const rolledBack = await move(version.id, 'rollback');
    expect(rolledBack.body).toMatchObject({ deployment_status: 'rollback', deployed_at: live.body.deployed_at });
    expect(await notificationsOf(version.id)).toHaveLength(5);
    expect((await logsOf(version.id)).map((log) => log.deployment_status)).toEqual(['completed', 'completed']);
  });

  it('deletes any version that is not live, with its logs and notifications', async () => {
    const { body: live } = await create({ version: nextVersion(), deployment_status: 'live' });
    const refused = await server.request(`/api/admin/versions/${live.id}`, {
      method: 'DELETE',
      token: superAdmin.token,
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    await move(live.id, 'rollback');
    for (const id of [live.id, (await create({ version: nextVersion() })).body.id]) {
      const deleted = await server.request(`/api/admin/versions/${id}`, { method: 'DELETE', token: superAdmin.token });
      expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    }
    expect(await notificationsOf(live.id)).toEqual([]);
    expect(await logsOf(live.id)).toEqual([]);
    const again = await server.request(`/api/admin/versions/${live.id}`, { method: 'DELETE', token: superAdmin.token });
    expect(again.status).toBe(404);
  });

  it('lists versions newest first and logs of every version, and audits the changes', async () => {
    const list = await server.request<{ versions: AppVersion[] }>('/api/admin/versions', { token: superAdmin.token });
    const created = list.body.versions.map((version) => version.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const logs = await server.request<{ logs: DeploymentLog[] }>('/api/admin/deployment-logs', {
      token: superAdmin.token,
    });
    expect(logs.body.logs.length).toBeGreaterThan(3);
    expect(logs.body.logs.every((log) => typeof log.version === 'string')).toBe(true);
    const audit = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['action', 'resource_type'])
      .where('resource_type', '=', 'app_version')
      .execute();
    expect(new Set(audit.map((row) => row.action))).toEqual(new Set(['CREATE', 'UPDATE', 'DELETE']));
  });

  it('refuses admins and users (the authorisation table covers every route and caller)', async () => {
    for (const token of [admin.token, members[0]?.token]) {
      expect((await create({ version: nextVersion() }, token)).status).toBe(403);
      const listed = await server.request('/api/admin/versions', { token });
      expect(listed.status).toBe(403);
    }
  });
});
