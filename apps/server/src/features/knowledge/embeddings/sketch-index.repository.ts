import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Executor } from '../../../db/unit-of-work';
import { SketchSet, bitsToBlob, signBits } from './binary-sketch';

/** Scopes kept in memory (each about 10 MB at 100k chunks × 768 dims); the least recently used goes first. */
const CACHED_SCOPES = 16;

export interface SketchRow {
  seq: number | string;
  userId: string;
  collectionId: string;
  vector: Float32Array;
}

/**
 * SQLite's approximate vector index: sign-bit sketches (binary quantisation) of every chunk vector in
 * knowledge_vec_bits, written in the same transaction as the vectors and removed with their chunks (cascade).
 * Searching scans the scope's sketches by Hamming distance in memory (a few ms at 100k chunks, where scanning
 * rows in SQL costs tens of ms) and hands the best candidates to exact re-scoring. The in-memory copy is only
 * a cache of the table: reloaded whenever the user's generation (bumped by triggers on every change, cascades
 * and other processes included) moves, and simply rebuilt after a restart.
 */
export class SketchIndexRepository {
  private readonly cache = new Map<string, { generation: number; sketches: Promise<SketchSet> }>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces the sketches of these chunks (any model) inside the caller's transaction. */
  async write(trx: Executor, model: string, rows: SketchRow[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`delete from knowledge_vec_bits where chunk_seq in (${sql.join(rows.map((row) => sql`${row.seq}`))})`.execute(
      trx,
    );
    const values = rows.map(
      (row) => sql`(${row.userId}, ${model}, ${row.seq}, ${row.collectionId}, ${bitsToBlob(signBits(row.vector))})`,
    );
    await sql`insert into knowledge_vec_bits (user_id, model, chunk_seq, collection_id, bits)
      values ${sql.join(values)}`.execute(trx);
  }

  async deleteOtherModels(collectionId: string, model: string): Promise<void> {
    await sql`delete from knowledge_vec_bits where collection_id = ${collectionId} and model != ${model}`.execute(
      this.db,
    );
  }

  /** Up to `count` candidate chunk_seqs nearest to `vector` (coarse: by sign bits) in the scope. */
  async candidates(
    scope: { userId: string; model: string; dims: number; collectionIds: string[] | null },
    vector: Float32Array,
    count: number,
  ): Promise<(number | string)[]> {
    const { rows } = await sql<{ generation: number }>`
      select generation from knowledge_vec_generations where user_id = ${scope.userId}`.execute(this.db);
    const generation = Number(rows[0]?.generation ?? 0);
    const key = `${scope.userId}\u0000${scope.model}\u0000${scope.dims}`;
    let entry = this.cache.get(key);
    if (!entry || entry.generation !== generation) {
      entry = { generation, sketches: this.load(scope.userId, scope.model, scope.dims) };
      entry.sketches.catch(() => this.cache.delete(key));
    }
    // Re-inserted: Map order is the recency order.
    this.cache.delete(key);
    this.cache.set(key, entry);
    for (const stale of [...this.cache.keys()].slice(0, Math.max(0, this.cache.size - CACHED_SCOPES))) {
      this.cache.delete(stale);
    }
    return (await entry.sketches).nearest(signBits(vector), scope.collectionIds, count);
  }

  private async load(userId: string, model: string, dims: number): Promise<SketchSet> {
    const { rows } = await sql<{ chunk_seq: number; collection_id: string; bits: Uint8Array }>`
      select chunk_seq, collection_id, bits from knowledge_vec_bits
      where user_id = ${userId} and model = ${model}`.execute(this.db);
    return SketchSet.fromRows(
      rows.map((row) => ({ seq: row.chunk_seq, collectionId: row.collection_id, bits: row.bits })),
      dims,
    );
  }
}
