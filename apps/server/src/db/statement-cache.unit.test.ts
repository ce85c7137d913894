import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  it('hands the same statement back, a fresh one while it is busy, and drops the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
    const db = withStatementCache(sqlite, 2);
    const select = 'select n from t order by n';
    const first = db.prepare(select);
    expect(db.prepare(select)).toBe(first);

    // A statement being iterated (a streamed query) is busy: a second caller gets its own.
    const rows = first.iterate([]);
    rows.next();
    const second = db.prepare(select);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(db.prepare(select)).toBe(first);

    db.prepare('select 1');
    db.prepare('select 2'); // the cache holds two: `select` was least recently used
    expect(db.prepare(select)).not.toBe(first);
    db.close();
  });
});
