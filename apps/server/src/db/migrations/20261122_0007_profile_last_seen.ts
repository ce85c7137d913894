import type { Kysely } from 'kysely';

/** When an account was last seen (sign-in or use of a session), for the admin dashboard's active users. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('last_seen_at', 'text').execute();
  await db.schema.createIndex('profiles_last_seen_idx').on('profiles').column('last_seen_at').execute();
}
