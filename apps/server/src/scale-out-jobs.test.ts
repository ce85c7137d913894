import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFileServer, startFakeFileServer } from '../test/fakes/fake-file-server';
import { type FakeS3, startFakeS3 } from '../test/fakes/fake-s3';
import { buildServerBundle, type ReplicaProcess, startReplica } from '../test/replica-process';
import { STRONG_PASSWORD, startTestServer, testDb } from '../test/test-server';
import { DOWNLOAD_JOB } from './features/models/download.service';

const SECRET = 'scale-out-jobs-test-secret-shared-by-every-replica-0123456789';
const ADMIN_EMAIL = 'jobs-admin@example.test';
/** JOB_SCHEDULE_SCALE: an hour lasts 3.6 s, a day 86.4 s. */
const SCALE = 0.001;
const HOUR_MS = 3_600_000 * SCALE;
const HOURLY = ['jobs.prune-ended', 'sweep.sessions', 'sweep.rate-limits', 'sweep.unsent-attachments'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface JobRow {
  type: string;
  dedupe_key: string | null;
  status: string;
  attempts: number;
  locked_by: string | null;
}

/**
 * Every piece of background work on the one queue, proven with two Hearth processes on one PostgreSQL database
 * (issue 15): each scheduled job once per period whatever the number of replicas, and a model download whose
 * replica is killed (kill -9) taken up by exactly one replica and finished with the right sha256.
 */
describe.skipIf(testDb !== 'postgres')('background jobs on two replica processes (PostgreSQL and S3)', () => {
  let s3: FakeS3;
  let files: FakeFileServer;
  let db: pg.Client;
  let env: Record<string, string>;
  const replicas: ReplicaProcess[] = [];
  const until = async (check: () => Promise<boolean>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(100);
    }
  };

  beforeAll(async () => {
    buildServerBundle();
    s3 = await startFakeS3('hearth-jobs');
    // Trickled, so the transfer is still running when its replica is killed.
    files = await startFakeFileServer({ knobs: { chunkBytes: 16 * 1024, chunkDelayMs: 150 } });
    const seed = await startTestServer({ SECRET });
    const databaseUrl = (seed as { databaseUrl?: string }).databaseUrl ?? '';
    await seed.close();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // The seeding server's scheduled runs are not the replicas': start from an empty queue.
    await db.query('delete from jobs');
    env = {
      SECRET,
      DATABASE_URL: databaseUrl,
      ...s3.env,
      OLLAMA_BASE_URL: 'none',
      BUILTIN_RUNTIME: 'false',
      JOB_LEASE_SECONDS: '2',
      JOB_SCHEDULE_SCALE: String(SCALE),
      ALLOW_PRIVATE_DOWNLOADS: 'true',
      SUPER_ADMIN_EMAIL: ADMIN_EMAIL,
      AUTH_RATE_LIMIT_IP_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
    };
    replicas.push(...(await Promise.all([startReplica(env), startReplica(env)])));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await db?.end();
    await files?.close();
    await s3?.close();
  });

  it('runs every scheduled job exactly once per period across both replicas, period after period', async () => {
    // Three scaled hours.
    await sleep(3 * HOUR_MS + 500);
    const { rows } = await db.query<JobRow>(
      'select type, dedupe_key, status, attempts, locked_by from jobs where dedupe_key is not null',
    );
    for (const type of HOURLY) {
      const runs = rows.filter((row) => row.type === type);
      const periods = runs.map((row) => Date.parse(String(row.dedupe_key).split('@')[1] ?? '') / HOUR_MS);
      // One run per period (never two), in periods that follow each other without a gap.
      expect(new Set(periods).size, type).toBe(periods.length);
      expect(periods.length, type).toBeGreaterThanOrEqual(3);
      expect(Math.max(...periods) - Math.min(...periods), type).toBe(periods.length - 1);
    }
    const retention = rows.filter((row) => row.type === 'privacy.retention');
    expect(retention.filter((row) => row.dedupe_key?.includes('@start@'))).toHaveLength(1);
    expect(retention.filter((row) => !row.dedupe_key?.includes('@start@')).length).toBeGreaterThanOrEqual(1);
    // Each ran once: claimed by one replica, done on its first attempt (the jobs still queued or running are
    // the newest period's).
    const ended = rows.filter((row) => row.status === 'done');
    expect(ended.length).toBeGreaterThanOrEqual(rows.length - HOURLY.length - 1);
    expect(ended.every((row) => Number(row.attempts) === 1)).toBe(true);
    const pids = new Set(ended.map((row) => /:(\d+):/.exec(row.locked_by ?? '')?.[1]));
    for (const pid of pids) expect(replicas.map((replica) => String(replica.pid))).toContain(pid);
  });

  it('resumes a download whose replica was killed (kill -9) on exactly one replica, with the right sha256', async () => {
    const credentials = JSON.stringify({ email: ADMIN_EMAIL, password: STRONG_PASSWORD });
    const post = (route: string, body: string, token?: string) =>
      fetch((replicas[0]?.url ?? '') + route, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
    expect((await post('/api/auth/signup', credentials)).status).toBe(201);
    const { access_token: token } = (await (await post('/api/auth/login', credentials)).json()) as {
      access_token: string;
    };
    const created = await post(
      '/api/models/downloads',
      JSON.stringify({ url: files.fileUrl, sha256: files.sha256 }),
      token,
    );
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    const job = async () =>
      (
        await db.query<JobRow>("select * from jobs where type = $1 and payload::jsonb->>'downloadId' = $2", [
          DOWNLOAD_JOB,
          id,
        ])
      ).rows[0];
    const download = async () =>
      (
        await db.query<{ status: string; received_bytes: string; sha256: string }>(
          'select status, received_bytes, sha256 from model_downloads where id = $1',
          [id],
        )
      ).rows[0];

    // Kill the replica running the transfer part-way through.
    await until(async () => (await job())?.status === 'running' && Number((await download())?.received_bytes) > 0);
    const lockedBy = (await job())?.locked_by ?? '';
    const index = replicas.findIndex((replica) => lockedBy.includes(`:${replica.pid}:`));
    expect(index, `held by ${lockedBy}`).toBeGreaterThanOrEqual(0);
    await replicas[index]?.crash();
    const requestsBefore = files.ranges().length;
    files.knobs.chunkDelayMs = 0;
    // A replacement starts on the same machine (it sees the dead process's job at once) while the survivor
    // waits for the lease to run out: exactly one of them takes the download up.
    const replacement = await startReplica(env);
    replicas[index] = replacement;

    await until(async () => (await download())?.status === 'completed', 90_000);
    expect(await download()).toMatchObject({ status: 'completed', sha256: files.sha256 });
    expect(Number((await download())?.received_bytes)).toBe(files.data.length);
    const finished = await job();
    expect(finished).toMatchObject({ status: 'done', attempts: 2 });
    expect(replicas.some((replica) => finished?.locked_by?.includes(`:${replica.pid}:`))).toBe(true);
    // One transfer after the kill, from the first byte: the taker's disk had no partial file.
    expect(files.ranges().slice(requestsBefore)).toEqual([undefined]);
  });
});
