import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { ChunkHit } from '../chunk-index.repository';
import { dot, fromBlob, toBlob } from './vector-math';

/** sqlite-vec's vec_distance_cosine, pgvector's <=>, or exact cosine in JavaScript (PostgreSQL without pgvector). */
export type VectorStore = 'sqlite-vec' | 'pgvector' | 'exact-js';

export interface VectorScope {
  userId: string;
  model: string;
  dims: number;
  /** null = all of the user's collections. */
  collectionIds: string[] | null;
}

/** Cosine similarity at or below this says "unrelated": such neighbours are not hits. */
const MIN_SIMILARITY = 0;

const HIT_COLUMNS = sql`c.id as chunk_id, c.document_id, c.collection_id, d.file_name, k.name as collection_name,
  c.text, c.page, c.heading_path`;

/**
 * kNN over chunk vectors, scoped by owner in SQL; only vectors of the active model (and its dimensions) take
 * part. Exact search everywhere: sqlite-vec and pgvector compute the distances in the database.
 */
export class VectorSearchRepository {
  private store: Promise<VectorStore> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly warn: (message: string) => void,
  ) {}

  /** Detected once: whether sqlite-vec is loaded, or pgvector installed (or installable) on PostgreSQL. */
  vectorStore(): Promise<VectorStore> {
    this.store ??= this.detect();
    return this.store;
  }

  private async detect(): Promise<VectorStore> {
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
    const inCollections = scope.collectionIds
      ? sql`and collection_id in (${sql.join(scope.collectionIds.map((id) => sql`${id}`))})`
      : sql``;
    const distance =
      store === 'sqlite-vec'
        ? sql`coalesce(vec_distance_cosine(embedding, ${toBlob(vector)}), 2)`
        : sql`(embedding::vector <=> ${`[${Array.from(vector).join(',')}]`}::vector)`;
    const { rows } = await sql<ChunkHit & { distance: number }>`
      with top as (
        select chunk_seq, ${distance} as distance from knowledge_chunk_vectors
        where user_id = ${scope.userId} and model = ${scope.model} and dims = ${scope.dims} ${inCollections}
        order by distance limit ${limit})
      select ${HIT_COLUMNS}, top.distance
      from top
      join knowledge_chunks c on c.seq = top.chunk_seq
      join knowledge_documents d on d.id = c.document_id
      join knowledge_collections k on k.id = c.collection_id
      where c.user_id = ${scope.userId}
      order by top.distance, c.seq`.execute(this.db);
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
    if (scored.length === 0) return [];
    const scores = new Map(scored.map((entry) => [entry.seq, entry.score]));
    const { rows } = await sql<ChunkHit & { seq: number | string }>`
      select c.seq, ${HIT_COLUMNS}
      from knowledge_chunks c
      join knowledge_documents d on d.id = c.document_id
      join knowledge_collections k on k.id = c.collection_id
      where c.seq in (${sql.join(scored.map((entry) => sql`${entry.seq}`))}) and c.user_id = ${scope.userId}`.execute(
      this.db,
    );
    return rows
      .map(({ seq, ...hit }) => ({ ...hit, score: scores.get(String(seq)) ?? 0 }))
      .sort((a, b) => b.score - a.score);
  }
}
