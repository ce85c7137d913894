import { createHash } from 'node:crypto';
import { BackupError } from './backup-error';
import type { Progress, TableCopyRepository, TableInfo } from './table-copy.repository';

/** Rows per batch: well under both databases' parameter limits for the widest table. */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 30_000;

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

/**
 * The order tables are copied in: every table after the tables it points to. A reference that would close a
 * loop (a message's parent, another message) is deferred: written as null, then set once every row is there.
 */
export function copyOrder(tables: TableInfo[]): { table: TableInfo; deferred: Set<string> }[] {
  const names = new Set(tables.map((table) => table.name));
  const placed = new Set<string>();
  const order: { table: TableInfo; deferred: Set<string> }[] = [];
  const remaining = [...tables];
  while (remaining.length > 0) {
    const blocking = (table: TableInfo) =>
      table.references.filter((ref) => names.has(ref.table) && !placed.has(ref.table) && ref.table !== table.name);
    let index = remaining.findIndex((table) => blocking(table).length === 0);
    // A cycle: take the first table whose blocking references can all wait (nullable).
    if (index < 0)
      index = remaining.findIndex((table) => blocking(table).every((ref) => table.nullable.has(ref.column)));
    const table = remaining[index];
    if (!table) throw new BackupError(`Cannot order the tables: ${remaining.map((t) => t.name).join(', ')}`);
    const deferred = new Set(
      table.references
        .filter((ref) => ref.table === table.name || (names.has(ref.table) && !placed.has(ref.table)))
        .map((ref) => ref.column),
    );
    order.push({ table, deferred });
    placed.add(table.name);
    remaining.splice(index, 1);
  }
  return order;
}

/** One value in a form both databases agree on: embeddings as float32 bytes, numbers and text as text. */
function canonical(table: TableInfo, column: string, value: unknown): string {
  if (value === null || value === undefined) return '\u0000';
  if (table.vectors.has(column) && Array.isArray(value)) {
    const vector = Float32Array.from(value as number[]);
    return Buffer.from(vector.buffer).toString('hex');
  }
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return String(value);
}

/**
 * `hearth migrate`: copies every table of one database into a new database of the other kind (SQLite ⇄
 * PostgreSQL), in batches and in dependency order, resuming where an interrupted run stopped, then checks each
 * table's row count and checksum on both sides. The target must already be migrated to the same schema.
 */
export class MigrationService {
  constructor(private readonly copy: TableCopyRepository) {}

  async run(
    options: { batchRows?: number; onBatch?: (table: string, copied: number) => void } = {},
  ): Promise<TableReport[]> {
    const migrations = await this.copy.latestMigrations();
    if (migrations.source !== migrations.target) {
      throw new BackupError(
        `The two databases are at different schema versions (${migrations.source} and ${migrations.target}); start this Hearth version on the source once, then try again.`,
      );
    }
    const order = copyOrder(await this.copy.tables());
    let progress = await this.copy.progress();
    if (!progress) {
      if (await this.copy.targetHasAccounts()) {
        throw new BackupError(
          'The target database already holds accounts: migrate only into a new, empty database. Nothing was changed.',
        );
      }
      await this.copy.start(order.map((step) => step.table));
      progress = new Map();
    }

    for (const { table, deferred } of order) {
      const state: Progress = progress.get(table.name) ?? { after: null, copied: 0, done: false };
      const limit = Math.max(
        1,
        Math.min(options.batchRows ?? BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)),
      );
      while (!state.done) {
        const rows = await this.copy.read(table, state.after, limit, 'source');
        const last = rows.at(-1);
        if (last) state.after = table.primaryKey.map((column) => last[column]);
        state.copied += rows.length;
        state.done = rows.length < limit;
        await this.copy.write(table, rows, deferred, state);
        options.onBatch?.(table.name, state.copied);
      }
    }
    // Deferred references, set again on a re-run (idempotent).
    for (const { table, deferred } of order) {
      if (deferred.size === 0) continue;
      const columns = [...table.primaryKey, ...deferred];
      for (let after: unknown[] | null = null; ;) {
        const rows = await this.copy.read(table, after, BATCH_ROWS, 'source', columns);
        await this.copy.fix(
          table,
          [...deferred],
          rows.filter((row) => [...deferred].some((column) => row[column] !== null)),
        );
        const last = rows.at(-1);
        if (!last || rows.length < BATCH_ROWS) break;
        after = table.primaryKey.map((column) => last[column]);
      }
    }
    for (const { table } of order) await this.copy.resetSequences(table);
    const report = await this.verify(order.map((step) => step.table));
    await this.copy.finish();
    return report;
  }

  /** Counts and checksums every table on both sides; any difference fails the migration. */
  private async verify(tables: TableInfo[]): Promise<TableReport[]> {
    const report: TableReport[] = [];
    for (const table of tables) {
      const [source, target] = [await this.digest(table, 'source'), await this.digest(table, 'target')];
      if (source.rows !== target.rows || source.checksum !== target.checksum) {
        throw new BackupError(
          `Table ${table.name} differs after copying (${source.rows} rows in the source, ${target.rows} in the target). Run the command again to continue, or start over with a new target database.`,
        );
      }
      report.push({ table: table.name, ...source });
    }
    return report;
  }

  /**
   * Row count and a checksum: each row's sha256, summed. A sum does not depend on the order rows arrive in, and
   * the two databases order text keys differently (bytes in SQLite, the collation in PostgreSQL).
   */
  private async digest(table: TableInfo, side: 'source' | 'target') {
    let sum = 0n;
    let rows = 0;
    for (let after: unknown[] | null = null; ;) {
      const batch = await this.copy.read(table, after, BATCH_ROWS, side);
      for (const row of batch) {
        const line = JSON.stringify(table.columns.map((column) => canonical(table, column, row[column])));
        sum = (sum + BigInt(`0x${createHash('sha256').update(line).digest('hex')}`)) % 2n ** 256n;
      }
      rows += batch.length;
      const last = batch.at(-1);
      if (!last || batch.length < BATCH_ROWS) break;
      after = table.primaryKey.map((column) => last[column]);
    }
    return { rows, checksum: sum.toString(16).padStart(64, '0') };
  }
}
