import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';

export interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  nullable: Set<string>;
  /** Foreign keys: the column and the table it points to. */
  references: { column: string; table: string }[];
  /** Columns PostgreSQL keeps as real[] and SQLite as a float32 blob (embeddings). */
  vectors: Set<string>;
}

export interface Progress {
  after: unknown[] | null;
  copied: number;
  done: boolean;
}

type Row = Record<string, unknown>;

/**
 * Kept by triggers on the target from the rows they index (conversation search): copying them would clash with
 * what the triggers already wrote. The SQLite-only sketch tables are rebuilt from the vectors (see `sketch`).
 */
const DERIVED = new Set(['chat_search_docs']);
const PROGRESS = 'hearth_migrate_progress';

/**
 * Rows of one database copied into another of the other kind, table by table, with a progress table on the
 * target so that an interrupted copy continues where it stopped. The SQLite side describes the tables (its
 * PRAGMAs name primary and foreign keys plainly); columns only one side has are left out.
 */
export class TableCopyRepository {
  constructor(
    private readonly source: Kysely<Database>,
    private readonly sourceDialect: Dialect,
    private readonly target: Kysely<Database>,
    /** SQLite targets: the sign-bit sketch of a vector, for the approximate index PostgreSQL does not have. */
    private readonly sketch: (vector: Float32Array) => Buffer,
  ) {}

  private get sqliteSide(): Kysely<Database> {
    return this.sourceDialect === 'sqlite' ? this.source : this.target;
  }

  private get postgresSide(): Kysely<Database> {
    return this.sourceDialect === 'sqlite' ? this.target : this.source;
  }

  async latestMigrations(): Promise<{ source: string | null; target: string | null }> {
    const latest = async (db: Kysely<Database>) =>
      (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db)).rows[0]
        ?.name ?? null;
    return { source: await latest(this.source), target: await latest(this.target) };
  }

  /** The tables both databases have, with the columns both have. */
  async tables(): Promise<TableInfo[]> {
    const { rows: pgColumns } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and is_generated = 'NEVER'`.execute(this.postgresSide);
    const { rows: names } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and sql not like 'CREATE VIRTUAL%'
      order by name`.execute(this.sqliteSide);
    const tables: TableInfo[] = [];
    for (const { name } of names) {
      const pg = pgColumns.filter((column) => column.table_name === name);
      if (pg.length === 0 || DERIVED.has(name) || name === PROGRESS) continue;
      const { rows: columns } = await sql<{ name: string; notnull: number; pk: number }>`
        select name, "notnull", pk from pragma_table_info(${name})`.execute(this.sqliteSide);
      const { rows: keys } = await sql<{ table: string; from: string }>`
        select "table", "from" from pragma_foreign_key_list(${name})`.execute(this.sqliteSide);
      const shared = columns.filter((column) => pg.some((other) => other.column_name === column.name));
      tables.push({
        name,
        columns: shared.map((column) => column.name),
        primaryKey: columns
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
        nullable: new Set(shared.filter((column) => !column.notnull).map((column) => column.name)),
        references: keys.map((key) => ({ column: key.from, table: key.table })),
        vectors: new Set(pg.filter((column) => column.data_type === 'ARRAY').map((column) => column.column_name)),
      });
    }
    return tables;
  }

  async targetHasAccounts(): Promise<boolean> {
    return (await sql`select 1 from profiles limit 1`.execute(this.target)).rows.length > 0;
  }

  /** Progress of an earlier run, or null when none was started. */
  async progress(): Promise<Map<string, Progress> | null> {
    const exists =
      this.sourceDialect === 'sqlite'
        ? await sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${PROGRESS}`.execute(
            this.target,
          )
        : await sql`select 1 from sqlite_master where name = ${PROGRESS}`.execute(this.target);
    if (exists.rows.length === 0) return null;
    const { rows } = await sql<{ table_name: string; after_key: string | null; copied: number | string; done: number }>`
      select table_name, after_key, copied, done from ${sql.table(PROGRESS)}`.execute(this.target);
    return new Map(
      rows.map((row) => [
        row.table_name,
        {
          after: row.after_key === null ? null : (JSON.parse(row.after_key) as unknown[]),
          copied: Number(row.copied),
          done: Number(row.done) === 1,
        },
      ]),
    );
  }

  /** A fresh start: the rows the target's migrations seeded (the default organisation) make way for the source's. */
  async start(order: TableInfo[]): Promise<void> {
    await this.target.transaction().execute(async (trx) => {
      await sql`create table ${sql.table(PROGRESS)} (table_name text primary key, after_key text,
        copied bigint not null, done integer not null)`.execute(trx);
      for (const table of [...order].reverse()) await sql`delete from ${sql.table(table.name)}`.execute(trx);
    });
  }

  async finish(): Promise<void> {
    await sql`drop table ${sql.table(PROGRESS)}`.execute(this.target);
  }

  /** The next rows after `after` in primary-key order, from the source (or the target, to verify). */
  async read(
    table: TableInfo,
    after: unknown[] | null,
    limit: number,
    side: 'source' | 'target',
    columns = table.columns,
  ) {
    const db = side === 'source' ? this.source : this.target;
    const key = sql.join(table.primaryKey.map((column) => sql.ref(column)));
    const where: RawBuilder<unknown> = after ? sql`where (${key}) > (${sql.join(after)})` : sql``;
    const { rows } = await sql<Row>`select ${sql.join(columns.map((column) => sql.ref(column)))}
      from ${sql.table(table.name)} ${where} order by ${key} limit ${limit}`.execute(db);
    return rows;
  }

  /**
   * Writes one batch and its progress in one transaction: after a crash the batch is either there and counted,
   * or neither. `deferred` columns are written as null now and set by `fix` once every table is there.
   */
  async write(table: TableInfo, rows: Row[], deferred: Set<string>, progress: Progress): Promise<void> {
    const toSqlite = this.sourceDialect === 'postgres';
    await this.target.transaction().execute(async (trx) => {
      if (rows.length > 0) {
        const values = rows.map(
          (row) =>
            sql`(${sql.join(table.columns.map((column) => (deferred.has(column) ? null : this.convert(table, column, row[column]))))})`,
        );
        await sql`insert into ${sql.table(table.name)} (${sql.join(table.columns.map((column) => sql.ref(column)))})
          values ${sql.join(values)}`.execute(trx);
        if (toSqlite && table.name === 'knowledge_chunk_vectors') {
          const sketches = rows.map(
            (row) =>
              sql`(${row.user_id}, ${row.model}, ${row.chunk_seq}, ${row.collection_id}, ${this.sketch(Float32Array.from(row.embedding as number[]))})`,
          );
          await sql`insert into knowledge_vec_bits (user_id, model, chunk_seq, collection_id, bits)
            values ${sql.join(sketches)}`.execute(trx);
        }
      }
      const after = progress.after === null ? null : JSON.stringify(progress.after);
      await sql`insert into ${sql.table(PROGRESS)} (table_name, after_key, copied, done)
        values (${table.name}, ${after}, ${progress.copied}, ${progress.done ? 1 : 0})
        on conflict (table_name) do update set after_key = excluded.after_key, copied = excluded.copied,
          done = excluded.done`.execute(trx);
    });
  }

  /** Sets the deferred columns of rows already copied (self-references such as a message's parent). */
  async fix(table: TableInfo, columns: string[], rows: Row[]): Promise<void> {
    await this.target.transaction().execute(async (trx) => {
      for (const row of rows) {
        const set = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${row[column] ?? null}`));
        const match = sql.join(
          table.primaryKey.map((column) => sql`${sql.ref(column)} = ${row[column]}`),
          sql` and `,
        );
        await sql`update ${sql.table(table.name)} set ${set} where ${match}`.execute(trx);
      }
    });
  }

  /** PostgreSQL targets: serial keys continue after the copied rows (SQLite's AUTOINCREMENT follows by itself). */
  async resetSequences(table: TableInfo): Promise<void> {
    if (this.sourceDialect !== 'sqlite') return;
    for (const column of table.primaryKey) {
      const { rows } = await sql<{ seq: string | null }>`
        select pg_get_serial_sequence(${table.name}, ${column}) as seq`.execute(this.target);
      const sequence = rows[0]?.seq;
      if (!sequence) continue;
      await sql`select setval(${sequence}, coalesce((select max(${sql.ref(column)}) from ${sql.table(table.name)}), 0) + 1,
        false)`.execute(this.target);
    }
  }

  /** A value as the target stores it: embeddings change form, everything else passes as it is. */
  private convert(table: TableInfo, column: string, value: unknown): unknown {
    if (!table.vectors.has(column) || value === null || value === undefined) return value;
    if (this.sourceDialect === 'sqlite') {
      const bytes = new Uint8Array(value as Buffer);
      return Array.from(new Float32Array(bytes.buffer, 0, bytes.byteLength / 4));
    }
    const vector = Float32Array.from(value as number[]);
    return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
  }
}
