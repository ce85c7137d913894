import type { UpdateSettings, UpdatesResponse } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, sleep, startFakeServer } from '../../../test/fakes/fake-http';
import { assignRole } from '../../../test/helpers';
import {
  createUser,
  kyselyOf,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { VERSION } from '../../version';

/** A GitHub-shaped release list: a draft and a prerelease (skipped), an older release, and the newest. */
const FEED = [
  { tag_name: 'v99.3.0', draft: true, body: 'Draft' },
  { tag_name: 'v99.2.0-rc1', prerelease: true, body: 'RC' },
  { tag_name: 'v98.0.0', body: 'Older', html_url: 'https://releases.example/v98.0.0' },
  {
    tag_name: 'v99.1.0',
    name: 'Hearth 99.1 [critical]',
    body: '## Fixes\n- a security fix',
    html_url: 'https://releases.example/v99.1.0',
    published_at: '2026-11-20T00:00:00Z',
  },
];

/** The server's scheduled jobs run about every 0.2 s here (15 minutes × 0.0002). */
const SCALE = '0.0002';

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe(`update feed and notices (${testDb})`, () => {
  let server: TestServer;
  let releases: FakeServer;
  let root: TestUser;
  let admin: TestUser;
  let user: TestUser;
  let webhookStatus = 200;
  let feedStatus = 200;

  const updates = (caller: TestUser) => server.request<UpdatesResponse>('/api/updates', { token: caller.token });
  const post = <T>(caller: TestUser, path: string, body: unknown = {}) =>
    server.request<T>(path, { method: 'POST', token: caller.token, body });
  const settings = (body: Partial<UpdateSettings>) =>
    server.request<UpdateSettings>('/api/admin/update-settings', { method: 'PUT', token: root.token, body });
  const feedCalls = () => releases.requests.filter((request) => request.path === '/feed').length;

  beforeAll(async () => {
    releases = await startFakeServer((request, response) => {
      if (request.path === '/feed') {
        response.writeHead(feedStatus, { 'content-type': 'application/json' }).end(JSON.stringify(FEED));
      } else if (request.path === '/deploy') {
        response.writeHead(webhookStatus, { 'content-type': 'application/json' }).end('{"accepted":true}');
      } else response.writeHead(404).end();
    });
    server = await startTestServer({ JOB_SCHEDULE_SCALE: SCALE, HEARTH_INSTALL_TYPE: 'compose' });
    root = await createUser(server, 'root');
    admin = await createUser(server, 'admin');
    user = await createUser(server, 'user');
    await assignRole(server, root.token, admin.id, 'admin');
    // The fake feed lives on loopback: reachable only because an admin allows it, as an intranet feed would be.
    await server.request('/api/admin/settings/network', {
      method: 'PUT',
      token: root.token,
      body: { allowed_hosts: ['127.0.0.1'] },
    });
  });
  afterAll(async () => {
    await server.close();
    await releases.close();
  });

  it('reports the package version here and in /health, and tells a user nothing else', async () => {
    const response = await updates(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ server_version: VERSION, available: null, feed: null, whats_new: null });
    expect((await server.request<{ version: string }>('/health')).body.version).toBe(VERSION);
  });

  it('makes no outbound call at all while the settings say off', async () => {
    const manual = await settings({ feed_source: 'url', feed_url: `${releases.url}/feed`, update_frequency: 'manual' });
    expect(manual.status).toBe(200);
    await sleep(2500);
    expect(await settings({ update_frequency: 'immediate', auto_update_enabled: false })).toMatchObject({
      status: 200,
    });
    await sleep(2500);
    expect(releases.requests).toEqual([]);
    // Switching to the URL feed forgot the start-up check's result; no check has been made since.
    expect((await updates(admin)).body.feed).toEqual({ checked_at: null, error: null, latest_version: null });
  });

  it('checks the feed on schedule once on: admins get the version, notes, badge and upgrade commands', async () => {
    await settings({ auto_update_enabled: true });
    await until(() => feedCalls() > 0, 'the scheduled feed check');
    let body = (await updates(admin)).body;
    for (let tries = 0; !body.available && tries < 50; tries += 1) {
      await sleep(100);
      body = (await updates(admin)).body;
    }
    expect(body.server_version).toBe(VERSION);
    expect(body.available).toMatchObject({
      version: '99.1.0',
      release_notes: '## Fixes\n- a security fix',
      is_critical: true,
      release_url: 'https://releases.example/v99.1.0',
      source: 'feed',
      snoozed_until: null,
      dismissed: false,
      can_upgrade_now: false,
      upgrade: {
        install_type: 'compose',
        commands: ['git fetch --tags && git checkout v99.1.0', 'docker compose up -d --build'],
      },
    });
    expect(body.feed).toMatchObject({ error: null, latest_version: '99.1.0' });
    // Only a few checks: the schedule is 'immediate' (every 15 scaled minutes), not one per request.
    expect(releases.requests.every((request) => request.method === 'GET' && request.path === '/feed')).toBe(true);
  });

  it('gives a user nothing of it, and refuses them the admin actions', async () => {
    const body = (await updates(user)).body;
    expect(body).toEqual({ server_version: VERSION, available: null, feed: null, whats_new: null });
    expect(JSON.stringify(body)).not.toContain('99.1.0');
    for (const path of ['/api/updates/snooze', '/api/updates/check']) {
      expect((await post(user, path)).status, path).toBe(403);
    }
    expect((await post(user, '/api/updates/dismiss', { version: '99.1.0' })).status).toBe(403);
    expect((await post(user, '/api/updates/upgrade', { version: '99.1.0' })).status).toBe(403);
    expect((await server.request('/api/admin/update-settings', { token: admin.token })).status).toBe(403);
  });

  it('keeps Later on the server for a day, for that admin only, and X for that version', async () => {
    const snoozed = await post<{ snoozed_until: string }>(admin, '/api/updates/snooze');
    expect(snoozed.status).toBe(200);
    const hours = (Date.parse(snoozed.body.snoozed_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect((await updates(admin)).body.available?.snoozed_until).toBe(snoozed.body.snoozed_until);
    expect((await updates(root)).body.available?.snoozed_until).toBeNull();

    expect((await post(root, '/api/updates/dismiss', { version: '99.1' })).status).toBe(200);
    expect((await updates(root)).body.available?.dismissed).toBe(true);
    expect((await updates(admin)).body.available?.dismissed).toBe(false);
  });

  it('Upgrade now calls the webhook and still reports the running version, never the requested one', async () => {
    expect((await post(admin, '/api/updates/upgrade', { version: '99.1.0' })).status).toBe(409);
    await settings({ deploy_webhook_url: `${releases.url}/deploy` });
    expect((await updates(admin)).body.available?.can_upgrade_now).toBe(true);
    expect((await post(admin, '/api/updates/upgrade', { version: '98.0.0' })).status).toBe(409);

    const response = await post<{ requested_version: string; running_version: string }>(admin, '/api/updates/upgrade', {
      version: '99.1.0',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ requested_version: '99.1.0', running_version: VERSION });
    const hook = releases.requests.find((request) => request.path === '/deploy');
    expect(hook?.method).toBe('POST');
    expect(hook?.body).toMatchObject({ version: '99.1.0', tag: 'v99.1.0', from_version: VERSION });

    // The webhook accepted, but this server still runs its own version: nothing says it was installed.
    const after = (await updates(admin)).body;
    expect(after.server_version).toBe(VERSION);
    expect(after.available?.version).toBe('99.1.0');
    expect(after.whats_new).toBeNull();
    expect((await server.request<{ version: string }>('/health')).body.version).toBe(VERSION);

    webhookStatus = 500;
    const failed = await post<{ code: string; message: string }>(admin, '/api/updates/upgrade', { version: '99.1.0' });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/^Deploy webhook error: 500/),
    });
  });

  it('still offers versions created in Admin → Updates, when newer than the feed’s', async () => {
    const created = await server.request('/api/admin/versions', {
      token: root.token,
      body: { version: '100.0.0', release_notes: 'Own build', is_critical: false, deployment_status: 'live' },
    });
    expect(created.status).toBe(201);
    expect((await updates(admin)).body.available).toMatchObject({
      version: '100.0.0',
      release_notes: 'Own build',
      source: 'admin',
      is_critical: false,
      dismissed: false,
    });
    expect((await updates(user)).body.available).toBeNull();
  });

  it('Check now reads the feed at once and records a failure without losing the last release', async () => {
    await settings({ update_frequency: 'manual' });
    // A scheduled check that started before 'manual' took effect may still finish (a loaded machine): count from
    // when the calls have stopped for a second.
    let before = feedCalls();
    for (let quiet = 0; quiet < 5;) {
      await sleep(200);
      quiet = feedCalls() === before ? quiet + 1 : 0;
      before = feedCalls();
    }
    feedStatus = 503;
    const checked = await post<UpdatesResponse>(admin, '/api/updates/check');
    expect(checked.status).toBe(200);
    expect(feedCalls()).toBe(before + 1);
    expect(checked.body.feed).toMatchObject({ error: 'The release feed answered 503', latest_version: '99.1.0' });
    expect((await settings({ feed_source: 'url', feed_url: '' })).status).toBe(400);
    // Another feed: what the old one said is forgotten until the new one is read.
    await settings({ feed_url: `${releases.url}/missing` });
    expect((await updates(admin)).body.feed).toMatchObject({ checked_at: null, latest_version: null });
    expect((await updates(admin)).body.available?.version).toBe('100.0.0');
  });
});

describe(`the "Hearth was updated" notice (${testDb})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    // As if the instance ran 0.0.9 before this start: the record the previous server left.
    await kyselyOf(server)
      .insertInto('instance_settings')
      .values({
        key: 'update_running_version',
        value: JSON.stringify({ version: '0.0.9', previous: null, changed_at: new Date().toISOString() }),
        updated_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(() => server.close());

  it('shows every user the new running version once, until they have seen it', async () => {
    const root = await createUser(server, 'root');
    const user = await createUser(server, 'user');
    const first = await server.request<UpdatesResponse>('/api/updates', { token: user.token });
    expect(first.body.whats_new).toEqual({
      version: VERSION,
      previous_version: '0.0.9',
      release_notes: null,
      release_url: null,
    });
    const seen = await server.request('/api/updates/whats-new/seen', {
      token: user.token,
      body: { version: VERSION },
    });
    expect(seen.status).toBe(200);
    expect((await server.request<UpdatesResponse>('/api/updates', { token: user.token })).body.whats_new).toBeNull();
    const other = await server.request<UpdatesResponse>('/api/updates', { token: root.token });
    expect(other.body.whats_new?.version).toBe(VERSION);
    expect((await server.request('/api/updates/whats-new/seen', { body: { version: VERSION } })).status).toBe(401);
  });
});
