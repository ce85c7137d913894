import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * better-sqlite3 as Kysely sees it, with prepared statements kept for reuse: Kysely prepares every query
 * afresh, which costs about as much as running a small one. At most `max` statements are kept (least recently
 * used dropped); a statement still being iterated (a streamed query) is never handed out twice.
 */
export function withStatementCache(db: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close() {
      cache.clear();
      db.close();
    },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = db.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
