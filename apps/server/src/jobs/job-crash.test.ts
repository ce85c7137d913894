import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDb } from '../../test/test-server';
import { createDb, type Db } from '../db/database';
import { holdWorkerId, liveWorkerIds, newWorkerId, releaseWorkerId } from '../lib/worker-identity';
import { z } from 'zod';
import { defineJob, type GiveUpReason } from './define-job';
import { JobQueue } from './job-queue';
import { JobRepository } from './job.repository';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/crashing-job-worker.ts', import.meta.url));
const POISON_JOB = 'test.poison';
const quiet = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker id as a process `pid` on this machine would name itself (same machine part as ours). */
const workerIdOf = (queue: JobQueue, pid: number) => queue.workerId.replace(/:\d+:/, `:${pid}:`);

describe(`jobs whose worker dies (${testDb})`, () => {
  let db: Db;
  let jobs: JobRepository;
  let target: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-job-crash-'));
  const children: ChildProcess[] = [];
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    target = testDb === 'postgres' ? await createPostgresDatabase() : path.join(dir, 'jobs.db');
    db = createDb(testDb === 'postgres' ? { dialect: 'postgres', url: target } : { dialect: 'sqlite', file: target });
    await db.migrate();
    jobs = new JobRepository(db.kysely, db.dialect);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the fixture worker; resolves with its output once it exits or prints `until`. */
  const runWorker = (until?: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: { ...process.env, HEARTH_FIXTURE_DB: target },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let output = '';
    return new Promise<{ child: ChildProcess; output: string; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker gave no sign in time: ${output}`)), 30_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (until && output.includes(until)) {
          clearTimeout(timer);
          resolve({ child, output, signal: null });
        }
      });
      child.once('exit', (_code, signal) => {
        clearTimeout(timer);
        resolve({ child, output, signal });
      });
    });
  };

  it('gives up a job that killed its worker 3 times: the 4th start fails it, tells its handler, and keeps running', async () => {
    const id = await jobs.enqueue(POISON_JOB, { documentId: 'poison' });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const run = await runWorker();
      expect(run.signal, `run ${attempt}`).toBe('SIGKILL');
      const job = await jobs.get(id);
      // The dead run left it running; the next start takes it back at once (no lease wait: the lease is 60 s).
      expect(job).toMatchObject({ status: 'running', attempts: attempt });
      expect(job?.locked_by).toContain(`:${run.child.pid}:`);
    }
    const fourth = await runWorker('gave-up');
    expect(fourth.output).toMatch(/gave-up 3 abandoned Given up: its worker stopped/);
    const job = await jobs.get(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job?.error).toMatch(/3 times/);
    // The worker lives on, and never ran the job again.
    await sleep(500);
    expect(fourth.child.exitCode).toBeNull();
    expect(fourth.child.signalCode).toBeNull();
    expect((await jobs.get(id))?.attempts).toBe(3);
  }, 120_000);

  it("takes back at once the job of a dead process on this machine, and leaves a live worker's alone", async () => {
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    const sibling = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(sibling);
    const queue = new JobQueue(jobs, quiet, { leaseMs: 60_000, pollMs: 50, maxAttempts: 3, concurrency: 2 });
    queues.push(queue);
    const ran: string[] = [];
    const givenUp: GiveUpReason[] = [];
    queue.register(
      defineJob({
        name: 'test.orphan',
        payload: z.object({}),
        handler: async (_payload, { job }) => {
          ran.push(job.id);
        },
        onGiveUp: async (_payload, _error, reason) => {
          givenUp.push(reason);
        },
      }),
    );
    // Jobs claimed long before their lease ends: by a process that exited, by a live one, and by a process that
    // exited after its third attempt; and one of a live worker of this process whose renewal is late.
    const claimAs = async (worker: string, attempts: number, leaseLeftMs = 60_000) => {
      const id = await jobs.enqueue('test.orphan', {});
      await db.kysely
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts,
          locked_by: worker,
          locked_until: new Date(Date.now() + leaseLeftMs).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const orphan = await claimAs(workerIdOf(queue, exited), 1);
    const held = await claimAs(workerIdOf(queue, sibling.pid ?? 0), 1);
    const exhausted = await claimAs(workerIdOf(queue, exited), 3);
    const busy = newWorkerId();
    holdWorkerId(busy);
    const late = await claimAs(busy, 1, -1000);

    const started = Date.now();
    await queue.start();
    while ((await jobs.get(orphan))?.status !== 'done') {
      if (Date.now() - started > 10_000) throw new Error('the orphaned job was not resumed');
      await sleep(50);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ran).toEqual([orphan]);
    expect(await jobs.get(orphan)).toMatchObject({ attempts: 2, locked_by: queue.workerId });
    expect(await jobs.get(held)).toMatchObject({ status: 'running', attempts: 1 });
    expect(await jobs.get(exhausted)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(givenUp).toEqual([{ abandoned: true, attempts: 3 }]);
    expect(await jobs.get(late)).toMatchObject({ status: 'running', locked_by: busy });
    // Once that worker is gone (released: its instance closed), its expired job is taken back like any other.
    await queue.stop();
    releaseWorkerId(busy);
    expect(await jobs.recoverAbandoned(3, { live: liveWorkerIds() })).toMatchObject({ requeued: 1 });
    expect((await jobs.get(late))?.status).toBe('queued');
    await db.kysely.deleteFrom('jobs').where('id', 'in', [orphan, held, exhausted, late]).execute();
  });
});
