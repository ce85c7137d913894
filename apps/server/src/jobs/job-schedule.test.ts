import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostgresDatabase, testDb } from '../../test/test-server';
import { createDb, type Db } from '../db/database';
import { KyselyUnitOfWork } from '../db/unit-of-work';
import { defineJob } from './define-job';
import { JobQueue } from './job-queue';
import { JobRepository } from './job.repository';
import { dueRuns } from './schedule';

const quiet = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR_MS = 3_600_000;
/** An hour becomes 600 ms. */
const SCALE = 600 / HOUR_MS;

describe(`scheduled and typed jobs on one queue (${testDb})`, () => {
  let db: Db;
  let jobs: JobRepository;
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-schedule-'));
  const queue = (options: { scheduleScale?: number } = {}) =>
    new JobQueue(jobs, quiet, { leaseMs: 60_000, pollMs: 20, maxAttempts: 3, concurrency: 2, ...options });

  beforeAll(async () => {
    const database =
      testDb === 'postgres'
        ? ({ dialect: 'postgres', url: await createPostgresDatabase() } as const)
        : ({ dialect: 'sqlite', file: path.join(dir, 'schedule.db') } as const);
    db = createDb(database);
    await db.migrate();
    jobs = new JobRepository(db.kysely, db.dialect);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a scheduled job once per period across two queues on the same database, and again each next period', async () => {
    const runs: { worker: string; key: string | null | undefined; at: number }[] = [];
    const replicas = [queue({ scheduleScale: SCALE }), queue({ scheduleScale: SCALE })];
    for (const replica of replicas) {
      replica.register(
        defineJob({
          name: 'test.hourly',
          payload: z.object({}),
          schedule: { everyMs: HOUR_MS, atStartup: true },
          handler: async (_payload, { job }) => {
            runs.push({ worker: replica.workerId, key: job.dedupe_key, at: Date.now() });
          },
        }),
      );
    }
    const started = Date.now();
    for (const replica of replicas) await replica.start();
    // Long enough for at least three period boundaries.
    await sleep(2_300);
    await Promise.all(replicas.map((replica) => replica.stop()));
    const periods = runs.filter((run) => !run.key?.includes('@start@'));
    const keys = periods.map((run) => run.key);
    // Each period's run ran once: no key twice, whichever replica ran it.
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    // ... and the periods follow each other without a gap: one run per 600 ms slot since the start.
    const slots = keys.map((key) => Date.parse(String(key).split('@')[1] ?? '') / 600).sort((a, b) => a - b);
    expect((slots.at(-1) ?? 0) - (slots[0] ?? 0)).toBe(slots.length - 1);
    expect(slots[0]).toBeGreaterThanOrEqual(Math.floor(started / 600));
    expect(slots[0]).toBeLessThanOrEqual(Math.floor(started / 600) + 1);
    // The start-up run: once for the two replicas starting together.
    expect(runs.filter((run) => run.key?.includes('@start@'))).toHaveLength(1);
    const rows = await db.kysely.selectFrom('jobs').select(['status']).where('type', '=', 'test.hourly').execute();
    // A period that began just before the stop may be queued and not yet claimed (a loaded machine): it waits for
    // the next start. Every run that happened is done, one row each.
    const claimed = rows.filter((row) => row.status !== 'queued');
    expect(claimed.every((row) => row.status === 'done')).toBe(true);
    expect(claimed).toHaveLength(runs.length);
    expect(rows.length - claimed.length).toBeLessThanOrEqual(1);
  });

  it('computes the same period key on every replica, aligned to the period and scaled', () => {
    const at = Date.parse('2026-11-26T10:42:17.000Z');
    expect(dueRuns('sweep', { everyMs: HOUR_MS }, 1, at, true)).toEqual([
      { slot: 'sweep', key: 'sweep@2026-11-26T10:00:00.000Z' },
    ]);
    expect(dueRuns('daily', { everyMs: 24 * HOUR_MS, atStartup: true }, 1, at, true).map((run) => run.key)).toEqual([
      'daily@2026-11-26T00:00:00.000Z',
      'daily@start@2026-11-26T10:40:00.000Z',
    ]);
    // A thousandth: an hour is 3.6 s, still aligned to the epoch.
    const scaled = Math.floor((at + 5_000) / 3_600) * 3_600;
    expect(dueRuns('sweep', { everyMs: HOUR_MS }, 0.001, at + 5_000, false)[0]?.key).toBe(
      `sweep@${new Date(scaled).toISOString()}`,
    );
  });

  it('enqueues a typed job inside the caller transaction: committed with it, or gone with its rollback', async () => {
    const worker = queue();
    const seen: string[] = [];
    const greet = defineJob({
      name: 'test.greet',
      payload: z.object({ name: z.string() }),
      handler: async ({ name }, { progress }) => {
        await progress({ step: 1, of: 1 });
        seen.push(name);
      },
    });
    worker.register(greet);
    await worker.start();
    const uow = new KyselyUnitOfWork(db.kysely);
    const kept = await uow.run((tx) => worker.enqueue(tx, greet, { name: 'kept' }));
    await uow
      .run(async (tx) => {
        await worker.enqueue(tx, greet, { name: 'rolled back' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    // A payload of the wrong shape is refused at once, not when the job runs.
    await expect(
      uow.run((tx) => worker.enqueue(tx, greet, { name: 42 } as unknown as { name: string })),
    ).rejects.toThrow();
    const deadline = Date.now() + 10_000;
    while ((await worker.get(kept))?.status !== 'done' && Date.now() < deadline) await sleep(20);
    await sleep(100);
    await worker.stop();
    expect(seen).toEqual(['kept']);
    expect(JSON.parse((await worker.get(kept))?.progress ?? 'null')).toEqual({ step: 1, of: 1 });
  });

  it('gives back a job it claimed while stopping, and does not run it', async () => {
    // A claim still on its way to the database when stop() is called (a loaded machine): held until then.
    let claimStarted: () => void = () => undefined;
    const claiming = new Promise<void>((resolve) => {
      claimStarted = resolve;
    });
    let letClaim: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      letClaim = resolve;
    });
    const slowClaims = new Proxy(jobs, {
      get(target, property, receiver) {
        if (property === 'claim') {
          return async (...args: Parameters<JobRepository['claim']>) => {
            claimStarted();
            await gate;
            return target.claim(...args);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const worker = new JobQueue(slowClaims, quiet, { leaseMs: 60_000, pollMs: 20, maxAttempts: 3, concurrency: 1 });
    let ran = false;
    const late = defineJob({
      name: 'test.claimed-while-stopping',
      payload: z.object({}),
      handler: () => {
        ran = true;
        return Promise.resolve();
      },
    });
    worker.register(late);
    const id = await new KyselyUnitOfWork(db.kysely).run((tx) => worker.enqueue(tx, late, {}));
    await worker.start();
    await claiming;
    const stopping = worker.stop();
    letClaim();
    await stopping;
    await sleep(100);
    expect(ran).toBe(false);
    expect(await jobs.get(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await db.kysely.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('puts a job stopped by shutdown back in the queue without counting the attempt', async () => {
    const worker = queue();
    let entered: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow = defineJob({
      name: 'test.interruptible',
      payload: z.object({}),
      handler: async (_payload, { signal }) => {
        entered();
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
    });
    worker.register(slow);
    await worker.start();
    const id = await new KyselyUnitOfWork(db.kysely).run((tx) => worker.enqueue(tx, slow, {}));
    await running;
    await worker.stop();
    expect(await jobs.get(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await db.kysely.deleteFrom('jobs').where('id', '=', id).execute();
  });
});
