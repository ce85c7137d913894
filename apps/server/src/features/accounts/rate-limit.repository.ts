import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../lib/crypto';

export interface RateLimitHit {
  count: number;
  resetAt: string;
}

/**
 * Fixed-window counters kept in the database, so the limit holds across replicas.
 * One atomic upsert per hit: a window that has ended starts again at 1.
 */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = nowIso();
    const resetAt = new Date(Date.now() + windowMs).toISOString();
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<string>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: row.reset_at };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', nowIso()).execute();
  }
}
