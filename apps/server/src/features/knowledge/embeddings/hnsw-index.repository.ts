import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema';

/** pgvector's HNSW limits: `vector` indexes up to 2,000 dimensions, `halfvec` (16-bit floats) up to 4,000. */
const VECTOR_MAX_DIMS = 2000;
const HALFVEC_MAX_DIMS = 4000;
/** Candidates the graph walk keeps; pgvector's default (40) loses recall at our limits (60+ chunks per query). */
const EF_SEARCH = 100;
const INDEX_PREFIX = 'knowledge_chunk_vectors_hnsw_';
/** Memory an index build may take (only as much as the graph needs). */
const BUILD_MEMORY = '512MB';

/**
 * PostgreSQL's approximate vector index: pgvector HNSW (cosine). Vectors are stored as real[] of any length, one
 * model's dimensions at a time, so the index is a partial expression index per dimension count:
 * `((embedding::vector(768)) vector_cosine_ops) where dims = 768`, created when an admin picks a model (empty
 * then, or already built for a model of the same size) and at startup for the active model; indexes of other
 * dimensions are dropped, so only the active model's size costs upkeep. Searches order by the same expression.
 */
export class HnswIndexRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The indexed expression for vectors of `dims`, or null when pgvector cannot index that many dimensions. */
  static expression(dims: number): { column: RawBuilder<unknown>; type: string; ops: string } | null {
    if (!Number.isInteger(dims) || dims < 1 || dims > HALFVEC_MAX_DIMS) return null;
    const type = dims <= VECTOR_MAX_DIMS ? `vector(${dims})` : `halfvec(${dims})`;
    const ops = dims <= VECTOR_MAX_DIMS ? 'vector_cosine_ops' : 'halfvec_cosine_ops';
    return { column: sql`(embedding::${sql.raw(type)})`, type, ops };
  }

  /** Creates the index for `dims` (built without blocking writes) and drops those of other sizes. */
  async ensure(dims: number): Promise<void> {
    const expression = HnswIndexRepository.expression(dims);
    const wanted = expression ? `${INDEX_PREFIX}${dims}` : null;
    const { rows } = await sql<{ name: string; valid: boolean }>`
      select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname like ${`${INDEX_PREFIX}%`}`.execute(this.db);
    for (const row of rows) {
      // An interrupted concurrent build leaves an invalid index behind: rebuilt below.
      if (row.name !== wanted || !row.valid) {
        await sql`drop index concurrently if exists ${sql.id(row.name)}`.execute(this.db);
      }
    }
    if (!expression || !wanted || rows.some((row) => row.name === wanted && row.valid)) return;
    // One connection: the build gets room for its graph in memory (pgvector builds far slower once the graph
    // outgrows maintenance_work_mem, 64 MB by default; 100k × 768 needs about 400 MB), reset afterwards.
    await this.db.connection().execute(async (connection) => {
      await sql`set maintenance_work_mem = ${sql.lit(BUILD_MEMORY)}`.execute(connection);
      try {
        await sql`create index concurrently if not exists ${sql.id(wanted)} on knowledge_chunk_vectors
          using hnsw (${expression.column} ${sql.raw(expression.ops)}) where dims = ${sql.lit(dims)}`.execute(
          connection,
        );
      } finally {
        await sql`reset maintenance_work_mem`.execute(connection);
      }
    });
  }

  /** Names of the HNSW indexes present (for tests and the status page). */
  async indexes(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      select indexname as name from pg_indexes where indexname like ${`${INDEX_PREFIX}%`} order by indexname`.execute(
      this.db,
    );
    return rows.map((row) => row.name);
  }

  /**
   * Runs `work` in a transaction whose kNN scans use the index well: iterative scans (pgvector 0.8) keep walking
   * the graph until enough rows pass the owner/model/collection filter, in relaxed order (callers re-sort), and
   * ef_search is at least the number of rows wanted.
   */
  async tuned<T>(limit: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return await this.db.transaction().execute(async (trx) => {
      const ef = String(Math.min(1000, Math.max(EF_SEARCH, limit)));
      await sql`select set_config('hnsw.ef_search', ${ef}, true),
        set_config('hnsw.iterative_scan', 'relaxed_order', true)`.execute(trx);
      return await work(trx);
    });
  }
}
