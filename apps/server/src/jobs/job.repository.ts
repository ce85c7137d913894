import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database, JobsTable } from '../db/schema';
import { type Executor, executor } from '../db/unit-of-work';
import type { Tx } from '../lib/unit-of-work';

export type JobRow = JobsTable;

/** The jobs table: enqueue, claim with a lease, finish, retry. */
export class JobRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async enqueue(type: string, payload: unknown, tx?: Tx, requestId?: string): Promise<string> {
    const id = randomUUID();
    await executor(tx, this.db)
      .insertInto('jobs')
      .values({ ...this.newJob(id, type, payload, null), request_id: requestId ?? null })
      .execute();
    return id;
  }

  /** Queued and running jobs by type, with the age of the oldest of each (read at every metrics scrape). */
  async backlog(): Promise<{ type: string; status: 'queued' | 'running'; count: number; oldestAgeSeconds: number }[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(({ fn }) => [
        'type',
        'status',
        fn.countAll<string | number>().as('count'),
        fn.min('created_at').as('oldest'),
      ])
      .where('status', 'in', ['queued', 'running'])
      .groupBy(['type', 'status'])
      .execute();
    const now = Date.now();
    return rows.map((row) => ({
      type: row.type,
      status: row.status === 'running' ? 'running' : 'queued',
      count: Number(row.count),
      oldestAgeSeconds: Math.max(0, (now - new Date(row.oldest).getTime()) / 1000),
    }));
  }

  /**
   * Enqueues under a key that can exist once (a schedule's period): of several replicas offering the same key,
   * exactly one insert lands (unique index, on both databases). True when this one did.
   */
  async enqueueOnce(type: string, payload: unknown, key: string): Promise<boolean> {
    const result = await this.db
      .insertInto('jobs')
      .values(this.newJob(randomUUID(), type, payload, key))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Whether a job with this dedupe key exists (a start-up run that another replica enqueued just before). */
  async hasKey(key: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('jobs').select('id').where('dedupe_key', '=', key).executeTakeFirst()) !== undefined
    );
  }

  private newJob(id: string, type: string, payload: unknown, key: string | null) {
    const now = new Date().toISOString();
    return {
      id,
      type,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      run_after: now,
      locked_until: null,
      error: null,
      dedupe_key: key,
      progress: null,
      created_at: now,
      updated_at: now,
    } satisfies JobRow;
  }

  /** Atomically takes the oldest due job and leases it until `leaseMs` from now. */
  async claim(leaseMs: number, worker: string | null = null): Promise<JobRow | undefined> {
    const now = new Date();
    const lockedUntil = new Date(now.getTime() + leaseMs).toISOString();
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('run_after', '<=', now.toISOString())
      .orderBy('run_after')
      .limit(1);
    if (this.dialect === 'postgres') {
      // A CTE runs once: `id in (select ... limit 1 for update skip locked)` may be re-evaluated per row by
      // PostgreSQL and claim several jobs, of which only the first would ever run (the others stay 'running').
      const { rows } = await sql<JobRow>`
        with picked as (${due.forUpdate().skipLocked()})
        update jobs set status = 'running', locked_until = ${lockedUntil}, attempts = attempts + 1,
          locked_by = ${worker}, updated_at = ${now.toISOString()}
        from picked where jobs.id = picked.id and jobs.status = 'queued'
        returning jobs.*`.execute(this.db);
      return rows[0];
    }
    return await this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_until: lockedUntil,
        attempts: sql`attempts + 1`,
        locked_by: worker,
        updated_at: now.toISOString(),
      })
      // `id = (scalar subquery)` is a primary-key lookup; `id in (...)` made SQLite scan every queued job.
      .where('id', '=', due)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Marks a claimed job done. `attempt` fences it: a worker whose lease ran out and whose job another replica
   * has claimed since (attempts went up) changes nothing.
   */
  async finish(id: string, attempt?: number, tx?: Tx): Promise<void> {
    await this.fenced(id, attempt, executor(tx, this.db))
      .set({ status: 'done', locked_until: null, error: null, updated_at: new Date().toISOString() })
      .execute();
  }

  /** Back to the queue after `delayMs`, or failed for good (fenced like finish). */
  async fail(id: string, error: string, retryInMs: number | null, attempt?: number): Promise<void> {
    const now = new Date();
    await this.fenced(id, attempt)
      .set(
        retryInMs === null
          ? { status: 'failed', locked_until: null, error, updated_at: now.toISOString() }
          : {
              status: 'queued',
              locked_until: null,
              error,
              run_after: new Date(now.getTime() + retryInMs).toISOString(),
              updated_at: now.toISOString(),
            },
      )
      .execute();
  }

  /** What a running job reports of its progress (fenced: a worker that lost the job writes nothing). */
  async progress(id: string, attempt: number, progress: string): Promise<void> {
    await this.fenced(id, attempt).set({ progress, updated_at: new Date().toISOString() }).execute();
  }

  /** A job its worker stopped at shutdown goes back to the queue at once, the attempt not counted. */
  async release(id: string, attempt: number): Promise<void> {
    const now = new Date().toISOString();
    await this.fenced(id, attempt)
      .set({ status: 'queued', locked_until: null, attempts: attempt - 1, run_after: now, updated_at: now })
      .execute();
  }

  /** Extends the lease of a job this worker still holds; false when it was lost (taken over or finished). */
  async renew(id: string, attempt: number, leaseMs: number): Promise<boolean> {
    const now = new Date();
    const result = await this.fenced(id, attempt)
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: now.toISOString() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private fenced(id: string, attempt: number | undefined, db: Executor = this.db) {
    const query = db.updateTable('jobs').where('id', '=', id);
    return attempt === undefined ? query : query.where('status', '=', 'running').where('attempts', '=', attempt);
  }

  /** Deletes jobs that ended long ago: done before `doneBefore`, failed before `failedBefore`. */
  async pruneEnded(doneBefore: string, failedBefore: string): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'done'), eb('updated_at', '<', doneBefore)]),
          eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', failedBefore)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Who holds running jobs now (to find those whose process is gone). */
  async runningWorkers(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('locked_by')
      .distinct()
      .where('status', '=', 'running')
      .where('locked_by', 'is not', null)
      .execute();
    return rows.flatMap((row) => (row.locked_by ? [row.locked_by] : []));
  }

  /**
   * Running jobs whose worker is gone: its lease ran out (unless its worker is one of `liveWorkers`, alive in
   * this process and only late to renew), or it is one of `deadWorkers`. A job already tried
   * `maxAttempts` times is failed for good, so a file that kills the server is not run again after every restart:
   * those are returned (each to exactly one caller: the update is fenced) for their handler to be told.
   * The others go back to the queue at once.
   */
  async recoverAbandoned(
    maxAttempts: number,
    workers: { dead?: string[]; live?: string[] } = {},
  ): Promise<{ requeued: number; givenUp: JobRow[] }> {
    const now = new Date().toISOString();
    const { dead = [], live = [] } = workers;
    const abandoned = (eb: ExpressionBuilder<Database, 'jobs'>) => {
      const expired =
        live.length > 0
          ? eb.and([
              eb('locked_until', '<', now),
              eb.or([eb('locked_by', 'is', null), eb('locked_by', 'not in', live)]),
            ])
          : eb('locked_until', '<', now);
      return eb.and([
        eb('status', '=', 'running'),
        dead.length > 0 ? eb.or([expired, eb('locked_by', 'in', dead)]) : expired,
      ]);
    };
    const exhausted = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where(abandoned)
      .where('attempts', '>=', maxAttempts)
      .execute();
    const givenUp: JobRow[] = [];
    for (const job of exhausted) {
      const error = `Given up: its worker stopped (crashed or was killed) while running it, ${job.attempts} times.`;
      const result = await this.db
        .updateTable('jobs')
        .set({ status: 'failed', locked_until: null, error, updated_at: now })
        .where(abandoned)
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) givenUp.push({ ...job, status: 'failed', locked_until: null, error });
    }
    const requeued = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_until: null, run_after: now, updated_at: now })
      .where(abandoned)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return { requeued: Number(requeued.numUpdatedRows), givenUp };
  }

  async get(id: string): Promise<JobRow | undefined> {
    return await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
