import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDb } from '../../test/test-server';
import { createDb, type Db } from '../db/database';
import { executor, KyselyUnitOfWork } from '../db/unit-of-work';
import { z } from 'zod';
import { defineJob, type JobContext } from './define-job';
import { JobQueue, type JobQueueOptions } from './job-queue';
import { JobRepository } from './job.repository';

/** A test job type: any payload, the handler given. */
const testJob = (name: string, handler: (payload: { throwAfter?: boolean }, context: JobContext) => Promise<void>) =>
  defineJob({ name, payload: z.object({ throwAfter: z.boolean().optional() }).passthrough(), handler });

const quiet = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

/** Several workers ("replicas") on one database, as several servers would run them. */
describe(`job queue across workers (${testDb})`, () => {
  let db: Db;
  let jobs: JobRepository;
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-jobs-'));
  let queues: JobQueue[] = [];
  const worker = (options: Partial<JobQueueOptions>) => {
    const queue = new JobQueue(jobs, quiet, {
      leaseMs: 60_000,
      pollMs: 50,
      maxAttempts: 3,
      concurrency: 2,
      ...options,
    });
    queues.push(queue);
    return queue;
  };
  const statusOf = async (id: string) => (await jobs.get(id))?.status;

  beforeAll(async () => {
    const database =
      testDb === 'postgres'
        ? ({ dialect: 'postgres', url: await createPostgresDatabase() } as const)
        : ({ dialect: 'sqlite', file: path.join(dir, 'jobs.db') } as const);
    db = createDb(database);
    await db.migrate();
    jobs = new JobRepository(db.kysely, db.dialect);
  });
  // A worker only knows its own test's job types: stop each test's workers before the next test starts.
  afterEach(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    queues = [];
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes jobs that ended long ago when it starts working, and keeps the rest', async () => {
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    const seed = async (status: 'done' | 'failed' | 'queued', daysAgo: number) => {
      const id = await jobs.enqueue('old', {});
      await db.kysely
        .updateTable('jobs')
        .set({ status, updated_at: at(daysAgo), run_after: at(-1) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const oldDone = await seed('done', 8);
    const recentDone = await seed('done', 6);
    const oldFailed = await seed('failed', 31);
    const recentFailed = await seed('failed', 20);
    const waiting = await seed('queued', 40);
    await worker({}).start();
    await until(async () => (await jobs.get(oldDone)) === undefined);
    expect(await jobs.get(oldFailed)).toBeUndefined();
    for (const kept of [recentDone, recentFailed, waiting]) expect(await jobs.get(kept)).toBeDefined();
    await db.kysely.deleteFrom('jobs').where('id', 'in', [recentDone, recentFailed, waiting]).execute();
  });

  it('lets a handler end its job inside its own transaction: committed together, never failed afterwards', async () => {
    const queue = worker({});
    const runs: string[] = [];
    queue.register(
      testJob('in-trx', async (payload, { job, finishWith }) => {
        runs.push(job.id);
        await new KyselyUnitOfWork(db.kysely).run(async (tx) => {
          await finishWith(tx);
          // Inside the transaction the job is done; outside, nothing changed until the commit.
          const trx = executor(tx);
          expect(
            (await trx.selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirst())?.status,
          ).toBe('done');
        });
        if (payload.throwAfter) throw new Error('after the commit');
      }),
    );
    queue.register(
      testJob('rolled-back', async (_payload, { job, finishWith }) => {
        runs.push(job.id);
        await new KyselyUnitOfWork(db.kysely)
          .run(async (tx) => {
            await finishWith(tx);
            throw new Error('the work failed');
          })
          .catch(() => undefined);
        throw new Error('the work failed');
      }),
    );
    const plain = await jobs.enqueue('in-trx', {});
    const throwing = await jobs.enqueue('in-trx', { throwAfter: true });
    await queue.start();
    await until(async () => (await statusOf(plain)) === 'done' && (await statusOf(throwing)) === 'done');
    await sleep(300);
    // The failure after the commit is not retried: each ran once and stays done.
    expect(runs.filter((id) => id === throwing)).toHaveLength(1);
    expect(await statusOf(throwing)).toBe('done');

    // A transaction that rolls back takes the job's end with it: the job is retried as usual.
    const rolledBack = await jobs.enqueue('rolled-back', {});
    await until(async () => runs.filter((id) => id === rolledBack).length >= 2);
  });

  it('runs each of 50 jobs exactly once with two workers busy at the same time', async () => {
    const runs: string[] = [];
    const byWorker = [0, 0];
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1) ids.push(await jobs.enqueue('count', { index }));
    [0, 1].forEach((number) => {
      const queue = worker({});
      queue.register(
        testJob('count', async (_payload, { job }) => {
          runs.push(job.id);
          byWorker[number] = (byWorker[number] ?? 0) + 1;
          await sleep(5);
        }),
      );
      void queue.start();
    });
    await until(async () => (await Promise.all(ids.map(statusOf))).every((status) => status === 'done'));
    expect(runs.length).toBe(50);
    expect(new Set(runs).size).toBe(50);
    expect(byWorker[0]).toBeGreaterThan(0);
    expect(byWorker[1]).toBeGreaterThan(0);
    // Each job names the worker that ran it.
    const workers = new Set((await Promise.all(ids.map((id) => jobs.get(id)))).map((job) => job?.locked_by));
    expect(workers).toEqual(new Set(queues.map((queue) => queue.workerId)));
  });

  it('keeps renewing the lease of a long job, so no other worker takes it over', async () => {
    let runs = 0;
    const id = await jobs.enqueue('slow', {});
    for (let index = 0; index < 2; index += 1) {
      const queue = worker({ leaseMs: 400 });
      queue.register(
        testJob('slow', async () => {
          runs += 1;
          await sleep(1500);
        }),
      );
      void queue.start();
    }
    await until(async () => (await statusOf(id)) === 'done');
    expect(runs).toBe(1);
    expect((await jobs.get(id))?.attempts).toBe(1);
  });

  it("takes over a dead worker's job once its lease runs out, and the dead worker's late answer changes nothing", async () => {
    const id = await jobs.enqueue('orphan', {});
    // A worker claims the job and dies: it never renews nor finishes.
    const dead = await jobs.claim(300);
    expect(dead?.id).toBe(id);
    let release: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: number[] = [];
    const queue = worker({ leaseMs: 300 });
    queue.register(
      testJob('orphan', async (_payload, { job }) => {
        started.push(job.attempts);
        await running;
      }),
    );
    await queue.start();
    await until(async () => started.length === 1);
    expect(started).toEqual([2]);
    // The dead worker comes back to life late and reports failure: fenced off by the attempt number.
    await jobs.fail(id, 'zombie', null, dead?.attempts);
    expect(await statusOf(id)).toBe('running');
    release();
    await until(async () => (await statusOf(id)) === 'done');
  });
});
