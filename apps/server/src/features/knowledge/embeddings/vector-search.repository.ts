import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { type ChunkHit, chunkHits } from '../chunk-hits.repository';
import { HnswIndexRepository } from './hnsw-index.repository';
import { SketchIndexRepository } from './sketch-index.repository';
import { dot, fromBlob, toBlob } from './vector-math';

/**
 * sqlite-vec (sign-bit sketches as a coarse pass, re-scored with vec_distance_cosine), pgvector (HNSW index,
 * cosine), or exact cosine in JavaScript (without either extension).
 */
export type VectorStore = 'sqlite-vec' | 'pgvector' | 'exact-js';

export interface VectorScope {
  userId: string;
  model: string;
  dims: number;
  /** null = all of the user's collections. */
  collectionIds: string[] | null;
}

export interface VectorSearchOptions {
  /** false: exact kNN in the database, every vector in scope compared (the benchmark's baseline). */
  approximate?: boolean;
  /** false: as if neither sqlite-vec nor pgvector were there (exact in JavaScript). */
  extensions?: boolean;
}

/** Cosine similarity at or below this says "unrelated": such neighbours are not hits. */
const MIN_SIMILARITY = 0;
/**
 * SQLite: sketch candidates re-scored exactly per query. 256 gave recall@10 1.0 against exact on clustered
 * 768-dim vectors at 100k chunks (bench:retrieval --vectors 100000); more costs re-scoring time.
 */
const SKETCH_CANDIDATES = 256;
const candidatesFor = (limit: number) => Math.min(4000, Math.max(SKETCH_CANDIDATES, limit * 4));

const HIT_COLUMNS = sql`c.id as chunk_id, c.document_id, c.collection_id, d.file_name, k.name as collection_name,
  c.text, c.page, c.heading_path`;

/**
 * kNN over chunk vectors, scoped by owner in SQL; only vectors of the active model (and its dimensions) take
 * part. Approximate where an extension is there (HNSW on PostgreSQL, sign-bit sketches then exact re-scoring on
 * SQLite: see hnsw-index.repository.ts and sketch-index.repository.ts), exact in JavaScript otherwise.
 */
export class VectorSearchRepository {
  private store: Promise<VectorStore> | null = null;
  readonly sketches: SketchIndexRepository;
  readonly hnsw: HnswIndexRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly warn: (message: string) => void,
    private readonly options: VectorSearchOptions = {},
  ) {
    this.sketches = new SketchIndexRepository(db);
    this.hnsw = new HnswIndexRepository(db);
  }

  /** PostgreSQL with pgvector: the HNSW index for the active model's dimensions (see HnswIndexRepository). */
  async prepareIndex(dims: number): Promise<void> {
    if (this.dialect === 'postgres' && (await this.vectorStore()) === 'pgvector') await this.hnsw.ensure(dims);
  }

  /** Detected once: whether sqlite-vec is loaded, or pgvector installed (or installable) on PostgreSQL. */
  vectorStore(): Promise<VectorStore> {
    this.store ??= this.detect();
    return this.store;
  }

  private async detect(): Promise<VectorStore> {
    if (this.options.extensions === false) return 'exact-js';
    if (this.dialect === 'sqlite') {
      const loaded = await sql`select vec_version() as v`.execute(this.db).then(
        () => true,
        () => false,
      );
      if (!loaded) this.warn('sqlite-vec is not loaded: vector search runs exactly in the server');
      return loaded ? 'sqlite-vec' : 'exact-js';
    }
    const { rows } = await sql<{ installed: boolean; available: boolean }>`
      select exists(select 1 from pg_extension where extname = 'vector') as installed,
             exists(select 1 from pg_available_extensions where name = 'vector') as available`.execute(this.db);
    if (rows[0]?.installed) return 'pgvector';
    if (rows[0]?.available) {
      const created = await sql`create extension if not exists vector`.execute(this.db).then(
        () => true,
        () => false,
      );
      if (created) return 'pgvector';
    }
    this.warn('pgvector is not installed: vector search runs exactly in the server (fine up to ~100k chunks per user)');
    return 'exact-js';
  }

  /** Whether any vector of the model exists in the scope (so lexical-only searches stay as they were). */
  async hasAny(scope: VectorScope): Promise<boolean> {
    if (scope.collectionIds?.length === 0) return false;
    let query = this.db
      .selectFrom('knowledge_chunk_vectors')
      .select('chunk_seq')
      .where('user_id', '=', scope.userId)
      .where('model', '=', scope.model);
    if (scope.collectionIds) query = query.where('collection_id', 'in', scope.collectionIds);
    return Boolean(await query.limit(1).executeTakeFirst());
  }

  /** The `limit` chunks nearest to `vector` (unit length) by cosine; score = cosine similarity. */
  async nearest(scope: VectorScope, vector: Float32Array, limit: number): Promise<ChunkHit[]> {
    if (scope.collectionIds?.length === 0) return [];
    const store = await this.vectorStore();
    if (store === 'exact-js') return this.nearestExact(scope, vector, limit);
    const approximate = this.options.approximate !== false;
    if (store === 'sqlite-vec') {
      const distance = sql`coalesce(vec_distance_cosine(embedding, ${toBlob(vector)}), 2)`;
      if (!approximate) return await this.ranked(this.db, scope, distance, sql``, limit);
      const candidates = await this.sketches.candidates(scope, vector, candidatesFor(limit));
      if (candidates.length === 0) return [];
      // Looked up by primary key: the unary + keeps SQLite off the scope index (which would read every row in
      // scope, the very scan the sketches avoid); the scope is still checked on each candidate.
      const among = sql`and chunk_seq in (${sql.join(candidates.map((seq) => sql`${seq}`))})`;
      return await this.ranked(this.db, scope, distance, among, limit, true);
    }
    const literal = `[${Array.from(vector).join(',')}]`;
    const indexed = approximate ? HnswIndexRepository.expression(scope.dims) : null;
    if (!indexed)
      return await this.ranked(this.db, scope, sql`(embedding::vector <=> ${literal}::vector)`, sql``, limit);
    // The same expression and partial-index predicate (dims as a literal) as the index, so the planner can use it.
    const distance = sql`(${indexed.column} <=> ${literal}::${sql.raw(indexed.type)})`;
    return await this.hnsw.tuned(limit, (trx) =>
      this.ranked(trx, scope, distance, sql`and dims = ${sql.lit(scope.dims)}`, limit),
    );
  }

  /** Top `limit` by `distance` in scope (and `extra`), re-sorted (HNSW's relaxed order), with their chunks. */
  private async ranked(
    db: Kysely<Database>,
    scope: VectorScope,
    distance: ReturnType<typeof sql>,
    extra: ReturnType<typeof sql>,
    limit: number,
    byKey = false,
  ): Promise<ChunkHit[]> {
    const column = (name: string) => sql.raw(byKey ? `+${name}` : name);
    const inCollections = scope.collectionIds
      ? sql`and ${column('collection_id')} in (${sql.join(scope.collectionIds.map((id) => sql`${id}`))})`
      : sql``;
    const materialized = this.dialect === 'postgres' ? sql`materialized` : sql``;
    // SQLite would otherwise walk all of the user's chunks by the owner index and probe `top` for each; the
    // unary + makes it start from the few rows of `top` (PostgreSQL plans this well on its own).
    const owner = sql.raw(this.dialect === 'sqlite' ? '+c.user_id' : 'c.user_id');
    const { rows } = await sql<ChunkHit & { distance: number }>`
      with top as ${materialized} (
        select chunk_seq, ${distance} as distance from knowledge_chunk_vectors
        where ${column('user_id')} = ${scope.userId} and ${column('model')} = ${scope.model}
          and dims = ${scope.dims} ${inCollections} ${extra}
        order by distance limit ${limit})
      select ${HIT_COLUMNS}, top.distance
      from top
      join knowledge_chunks c on c.seq = top.chunk_seq
      join knowledge_documents d on d.id = c.document_id
      join knowledge_collections k on k.id = c.collection_id
      where ${owner} = ${scope.userId}
      order by top.distance, c.seq`.execute(db);
    return rows
      .map(({ distance, ...hit }) => ({ ...hit, score: 1 - Number(distance) }))
      .filter((hit) => hit.score > MIN_SIMILARITY);
  }

  private async nearestExact(scope: VectorScope, vector: Float32Array, limit: number): Promise<ChunkHit[]> {
    let query = this.db
      .selectFrom('knowledge_chunk_vectors')
      .select(['chunk_seq', 'embedding'])
      .where('user_id', '=', scope.userId)
      .where('model', '=', scope.model)
      .where('dims', '=', scope.dims);
    if (scope.collectionIds) query = query.where('collection_id', 'in', scope.collectionIds);
    const scored = (await query.execute())
      .map((row) => {
        const stored = Buffer.isBuffer(row.embedding) ? fromBlob(row.embedding) : row.embedding;
        return { seq: String(row.chunk_seq), score: dot(vector, stored) || 0 };
      })
      .filter((entry) => entry.score > MIN_SIMILARITY)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return await chunkHits(this.db, scored, { userId: scope.userId });
  }
}
