import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupOverview, BackupSettings } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../../../test/fakes/fake-http';
import { assignRole } from '../../../test/helpers';
import {
  createPostgresDatabase,
  createUser,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { cli } from './backup-test-helpers';

/** The queue's hourly backup job runs about every 0.7 s here (1 hour × 0.0002). */
const SCALE = '0.0002';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(150);
  }
}

describe(`scheduled backups and Back up now (${testDb})`, () => {
  let server: TestServer;
  let root: TestUser;
  let admin: TestUser;
  const folder = mkdtempSync(path.join(tmpdir(), 'hearth-scheduled-backups-'));

  const overview = () => server.request<BackupOverview>('/api/admin/backups', { token: root.token });
  const save = (body: Partial<BackupSettings>, token = root.token) =>
    server.request<BackupSettings>('/api/admin/backups/settings', { method: 'PUT', token, body });
  const runNow = (token = root.token) =>
    server.request<{ job_id: string }>('/api/admin/backups/run', { method: 'POST', token });
  const backupsOnDisk = () => readdirSync(folder).filter((name) => name.startsWith('hearth-backup-'));

  beforeAll(async () => {
    server = await startTestServer({ JOB_SCHEDULE_SCALE: SCALE });
    root = await createUser(server, 'backup-root');
    admin = await createUser(server, 'backup-admin');
    await assignRole(server, root.token, admin.id, 'admin');
  });
  afterAll(() => server.close());

  it('is off by default, and only super admins see or change it', async () => {
    const first = await overview();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      settings: { enabled: false, location: null, every_hours: 24, keep: 7 },
      last: null,
      next_due_at: null,
    });
    expect((await server.request('/api/admin/backups', { token: admin.token })).status).toBe(403);
    expect((await save({ enabled: true }, admin.token)).status).toBe(403);
    expect((await runNow(admin.token)).status).toBe(403);
    expect((await save({ location: 'relative/folder' })).body).toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('absolute folder path') as string,
    });
    expect((await save({ keep: 0 })).status).toBe(400);
  });

  it('Back up now writes a backup that restore accepts, and keeps only the newest `keep`', async () => {
    expect((await save({ location: folder, keep: 2 })).status).toBe(200);
    for (let round = 1; round <= 3; round += 1) {
      const before = (await overview()).body.last?.started_at ?? '';
      const accepted = await runNow();
      expect(accepted.status).toBe(202);
      // This round's run, finished (not the previous round's, read while this one is still queued or running).
      const done = await until(
        overview,
        ({ body }) =>
          body.last?.result === 'succeeded' &&
          body.last.started_at > before &&
          body.last_success?.location === body.last.location &&
          backupsOnDisk().length >= Math.min(round, 2),
        `backup ${round}`,
      );
      expect(done.body.last).toMatchObject({ trigger: 'manual', error: null });
      expect(done.body.last?.bytes).toBeGreaterThan(0);
      expect(done.body.last_success?.location).toBe(done.body.last?.location);
      // Backup names have one-second resolution: the next starts in a new second.
      await sleep(1100);
      await until(overview, ({ body }) => body.last?.result !== 'running', 'the run to settle');
    }
    const kept = backupsOnDisk();
    expect(kept).toHaveLength(2);
    const last = (await overview()).body.last;
    expect(last?.pruned).toBe(1);
    expect(last?.location && existsSync(path.join(last.location, 'manifest.json'))).toBe(true);

    // The backup is a real one: `hearth restore` checks every checksum and restores it onto a new instance.
    const target = mkdtempSync(path.join(tmpdir(), 'hearth-restore-scheduled-'));
    const databaseUrl = testDb === 'postgres' ? await createPostgresDatabase() : undefined;
    const restored = await cli(['restore', last?.location ?? ''], {
      DATA_DIR: target,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
    });
    expect(`${restored.out}\n${restored.err}`).not.toContain('rror');
    expect(restored.code).toBe(0);
  });

  it('runs on schedule once turned on, and a failed backup is shown with its reason', async () => {
    const before = (await overview()).body.last?.started_at ?? '';
    expect((await save({ enabled: true, every_hours: 6 })).status).toBe(200);
    // 6 hours × 0.0002 ≈ 4 s: the hourly job (≈ 0.7 s) backs up once the interval has passed.
    const scheduled = await until(
      overview,
      ({ body }) =>
        body.last?.trigger === 'schedule' && body.last.result === 'succeeded' && body.last.started_at > before,
      'a scheduled backup',
    );
    expect(scheduled.body.next_due_at).not.toBeNull();

    // A location that cannot be written (a file where the folder should be) fails, and says why.
    const blocked = path.join(folder, 'not-a-folder');
    writeFileSync(blocked, 'x');
    expect((await save({ enabled: false, location: blocked })).status).toBe(200);
    expect((await runNow()).status).toBe(202);
    const failed = await until(overview, ({ body }) => body.last?.result === 'failed', 'the failed backup');
    expect(failed.body.last?.error).toBeTruthy();
    expect(failed.body.last_success?.result).toBe('succeeded');
  });
});
