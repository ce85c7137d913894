import type { FinalizeUpdateResponse, UpdateNotification, UpdatesResponse } from '@hearth/contract';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { insertNotification, insertVersion } from './update-test-helpers';

describe(`update notices (${testDb})`, () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  const updates = (user: TestUser) => server.request<UpdatesResponse>('/api/updates', { token: user.token });
  const post = <T>(user: TestUser, path: string, body: unknown = {}) =>
    server.request<T>(path, { method: 'POST', token: user.token, body });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
  });
  afterAll(() => server.close());

  it('answers with no update and no notifications on a fresh instance', async () => {
    const response = await updates(alice);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      latest: null,
      last_updated_version: null,
      notifications: [],
      latest_dismissed: false,
    });
  });

  it('reports the real build version (root package.json) here and in /health', async () => {
    const root = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect((await updates(alice)).body.server_version).toBe(root.version);
    expect((await server.request<{ version: string }>('/health')).body.version).toBe(root.version);
  });

  it('picks the newest live version by number, not by text or age, and ignores versions not live', async () => {
    await insertVersion(server, '1.10.0', { notes: 'Ten', critical: true });
    await insertVersion(server, '1.9.9');
    await insertVersion(server, '9.0.0', { status: 'staged' });
    await insertVersion(server, '8.0.0', { status: 'rollback' });
    const response = await updates(alice);
    expect(response.body.latest).toMatchObject({ version: '1.10.0', release_notes: 'Ten', is_critical: true });
    expect(response.body.notifications).toEqual([]);
  });

  it('lists only the caller’s own open notifications, joined with their version', async () => {
    const versionId = await insertVersion(server, '2.0', { notes: '## New\n- faster', critical: true });
    const aliceNote = await insertNotification(server, alice.id, versionId);
    const bobNote = await insertNotification(server, bob.id, versionId);
    const staged = await insertVersion(server, '2.1', { status: 'staged' });
    await insertNotification(server, alice.id, staged);

    const response = await updates(alice);
    expect(response.body.latest?.version).toBe('2.0');
    expect(response.body.notifications.map((note) => note.id)).toEqual([aliceNote]);
    expect(response.body.notifications[0]).toMatchObject({
      version_id: versionId,
      version: '2.0',
      release_notes: '## New\n- faster',
      notification_type: 'update_available',
      is_read: false,
      read_at: null,
      dismissed_at: null,
    });
    expect((await updates(bob)).body.notifications.map((note) => note.id)).toEqual([bobNote]);
  });

  it('marks a notification read once (unread → read) and keeps the first read time', async () => {
    const [note] = (await updates(alice)).body.notifications;
    if (!note) throw new Error('expected a notification');
    const first = await post<UpdateNotification>(alice, `/api/updates/notifications/${note.id}/read`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: note.id, is_read: true, dismissed_at: null });
    expect(first.body.read_at).not.toBeNull();
    const again = await post<UpdateNotification>(alice, `/api/updates/notifications/${note.id}/read`);
    expect(again.body.read_at).toBe(first.body.read_at);
    expect((await updates(alice)).body.notifications[0]).toMatchObject({ is_read: true });
  });

  it('refuses another user’s notification as not found and a malformed id as a bad request', async () => {
    const [bobNote] = (await updates(bob)).body.notifications;
    if (!bobNote) throw new Error('expected a notification');
    const foreign = await post(alice, `/api/updates/notifications/${bobNote.id}/read`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found' });
    expect((await updates(bob)).body.notifications[0]).toMatchObject({ is_read: false });

    const malformed = await post(alice, '/api/updates/notifications/not-a-uuid/read');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'validation_error' });
    const unknown = await post(alice, `/api/updates/notifications/${crypto.randomUUID()}/read`);
    expect(unknown.status).toBe(404);
  });

  it('dismisses all of the caller’s notifications and nobody else’s', async () => {
    const response = await post<{ dismissed: number }>(alice, '/api/updates/dismiss-all');
    expect(response.status).toBe(200);
    expect(response.body.dismissed).toBe(2);
    const after = await updates(alice);
    expect(after.body.notifications).toEqual([]);
    expect(after.body.latest_dismissed).toBe(true);
    expect((await updates(bob)).body.notifications).toHaveLength(1);
    expect((await updates(bob)).body.latest_dismissed).toBe(false);
    expect((await post<{ dismissed: number }>(alice, '/api/updates/dismiss-all')).body.dismissed).toBe(0);
  });

  it('finalizes an update: records last_updated_version and dismisses that version’s notifications only', async () => {
    const older = await insertVersion(server, '3.0.0');
    const newer = await insertVersion(server, '3.1.0', { notes: 'Three one' });
    const olderNote = await insertNotification(server, bob.id, older);
    await insertNotification(server, bob.id, newer);
    const before = (await updates(bob)).body;
    expect(before.latest?.version).toBe('3.1.0');
    expect(before.notifications.map((note) => note.version).sort()).toEqual(['2.0', '3.0.0', '3.1.0']);

    // 3.1 names the same version as 3.1.0 (missing parts count as 0).
    const response = await post<FinalizeUpdateResponse>(bob, '/api/updates/finalize', { version: '3.1' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ last_updated_version: '3.1.0', dismissed: 1 });

    const after = (await updates(bob)).body;
    expect(after.last_updated_version).toBe('3.1.0');
    expect(after.notifications.map((note) => note.id).sort()).toEqual(
      [olderNote, ...before.notifications.filter((note) => note.version === '2.0').map((note) => note.id)].sort(),
    );
    // Finishing again is harmless.
    const again = await post<FinalizeUpdateResponse>(bob, '/api/updates/finalize', { version: '3.1.0' });
    expect(again.body).toEqual({ last_updated_version: '3.1.0', dismissed: 0 });
  });

  it('refuses to finalize a version that is not live, or a malformed version', async () => {
    await insertVersion(server, '4.0.0', { status: 'staged' });
    const staged = await post(bob, '/api/updates/finalize', { version: '4.0.0' });
    expect(staged.status).toBe(404);
    expect(staged.body).toMatchObject({ code: 'not_found', message: 'Version not found' });
    for (const version of ['', 'v1.0', '1..0', 'latest']) {
      const response = await post(bob, '/api/updates/finalize', { version });
      expect(response.status, version).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error' });
    }
    expect((await updates(bob)).body.last_updated_version).toBe('3.1.0');
  });

  it('shows what the releases feature publishes: going live notifies every profile once', async () => {
    // alice signed up first, so she is the super admin.
    const created = await server.request<{ id: string }>('/api/admin/versions', {
      token: alice.token,
      body: { version: '5.0.0', release_notes: 'Five', is_critical: true, deployment_status: 'staged' },
    });
    expect(created.status).toBe(201);
    expect((await updates(bob)).body.latest?.version).toBe('3.1.0');
    const live = await server.request(`/api/admin/versions/${created.body.id}`, {
      method: 'PATCH',
      token: alice.token,
      body: { deployment_status: 'live' },
    });
    expect(live.status).toBe(200);

    const seen = (await updates(bob)).body;
    expect(seen.latest).toMatchObject({ id: created.body.id, version: '5.0.0', is_critical: true });
    const notes = seen.notifications.filter((note) => note.version_id === created.body.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ is_critical: true, release_notes: 'Five', is_read: false });
    const done = await post<FinalizeUpdateResponse>(bob, '/api/updates/finalize', { version: '5.0.0' });
    expect(done.body).toEqual({ last_updated_version: '5.0.0', dismissed: 1 });
    expect(
      (await updates(alice)).body.notifications.filter((note) => note.version_id === created.body.id),
    ).toHaveLength(1);
  });

  it('refuses anonymous callers', async () => {
    expect((await server.request('/api/updates')).status).toBe(401);
    expect((await server.request('/api/updates/dismiss-all', { method: 'POST', body: {} })).status).toBe(401);
  });
});
