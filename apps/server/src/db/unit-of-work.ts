import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Tx, UnitOfWork } from '../lib/unit-of-work';
import type { Database } from './schema';

/** What a repository runs SQL on: its own handle, or the transaction a `Tx` stands for. */
export type Executor = Kysely<Database>;

/** The Kysely transaction behind each Tx, while its `run` lasts: a Tx kept past it is refused, not run. */
const open = new WeakMap<Tx, Executor>();

/** The unit of work the current async flow is inside, so that a nested `run` joins it. */
const current = new AsyncLocalStorage<{ db: Executor; tx: Tx }>();

/** The one way to open a transaction (lib/unit-of-work.ts). */
export class KyselyUnitOfWork implements UnitOfWork {
  constructor(private readonly db: Executor) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = current.getStore();
    // Only a still-open transaction of the same database is joined: work that merely started inside an
    // earlier unit of work (a timer, say) and runs after it ended opens its own.
    if (outer && outer.db === this.db && open.has(outer.tx)) return await work(outer.tx);
    return await this.db.transaction().execute(async (trx) => {
      const tx = Object.freeze({}) as Tx;
      open.set(tx, trx);
      try {
        return await current.run({ db: this.db, tx }, () => work(tx));
      } finally {
        open.delete(tx);
      }
    });
  }
}

/**
 * For repositories: the transaction `tx` stands for, or `fallback` (the repository's own handle) without one.
 * Throws for a Tx whose unit of work has ended (its transaction committed or rolled back already).
 */
export function executor(tx: Tx): Executor;
export function executor(tx: Tx | undefined, fallback: Executor): Executor;
export function executor(tx: Tx | undefined, fallback?: Executor): Executor {
  if (!tx) {
    if (!fallback) throw new Error('A transaction is required here');
    return fallback;
  }
  const trx = open.get(tx);
  if (!trx) throw new Error('This transaction has ended: its unit of work is over');
  return trx;
}
