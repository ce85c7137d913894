import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database, JobsTable } from '../db/schema';

export type JobRow = JobsTable;

/** The jobs table: enqueue, claim with a lease, finish, retry. */
export class JobRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async enqueue(type: string, payload: unknown, trx: Kysely<Database> = this.db): Promise<string> {
    const now = new Date().toISOString();
    const id = randomUUID();
    await trx
      .insertInto('jobs')
      .values({
        id,
        type,
        payload: JSON.stringify(payload),
        status: 'queued',
        attempts: 0,
        run_after: now,
        locked_until: null,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /** Atomically takes the oldest due job and leases it until `leaseMs` from now. */
  async claim(leaseMs: number): Promise<JobRow | undefined> {
    const now = new Date();
    const lockedUntil = new Date(now.getTime() + leaseMs).toISOString();
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('run_after', '<=', now.toISOString())
      .orderBy('run_after')
      .limit(1);
    const picked = this.dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    return await this.db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: lockedUntil, attempts: sql`attempts + 1`, updated_at: now.toISOString() })
      .where('id', 'in', picked)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  }

  async finish(id: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', locked_until: null, error: null, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Back to the queue after `delayMs`, or failed for good. */
  async fail(id: string, error: string, retryInMs: number | null): Promise<void> {
    const now = new Date();
    await this.db
      .updateTable('jobs')
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
      .where('id', '=', id)
      .execute();
  }

  /** Jobs whose worker died (lease expired while running) go back to the queue. */
  async requeueExpired(): Promise<number> {
    const now = new Date().toISOString();
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_until: null, run_after: now, updated_at: now })
      .where('status', '=', 'running')
      .where('locked_until', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async get(id: string): Promise<JobRow | undefined> {
    return await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
