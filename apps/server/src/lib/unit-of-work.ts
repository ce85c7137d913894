/**
 * Transactions as services see them: `uow.run(async (tx) => ...)` opens one, and `tx` goes to every repository
 * write (and `audit.record(tx, ...)`) that must commit or roll back with the others. `Tx` is opaque on purpose:
 * nothing here imports the database, and only repositories can run SQL with it (db/unit-of-work.ts).
 */

declare const txBrand: unique symbol;

/** An open transaction, valid only inside the `run` that handed it out. */
export interface Tx {
  readonly [txBrand]: true;
}

export interface UnitOfWork {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Called inside another
   * `run` (in the same async flow) it joins that transaction, so the inner work commits or rolls back with the
   * outer (an inner error the outer work catches does not undo the inner writes: there are no savepoints).
   */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** A unique or primary-key violation, on PostgreSQL (23505) or SQLite: the row a service meant to add exists. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (typeof message === 'string' && /UNIQUE constraint/i.test(message))
  );
}
