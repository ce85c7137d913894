import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { type Executor, executor } from '../../../db/unit-of-work';
import type { Tx } from '../../../lib/unit-of-work';
import { SketchIndexRepository } from './sketch-index.repository';
import { toBlob } from './vector-math';

export interface ChunkToEmbed {
  seq: number | string;
  text: string;
  userId: string;
  collectionId: string;
}

/** Rows per insert: well under SQLite's 32k bound parameters. */
const WRITE_BATCH = 200;

/**
 * Writing chunk vectors (unit length, one per chunk, tagged with the model that made them) and counting them.
 * Searching them is VectorSearchRepository's. On SQLite each write also writes the vectors' sketches (the
 * approximate index) in the same transaction; PostgreSQL's HNSW index is maintained by PostgreSQL.
 */
export class VectorRepository {
  private readonly sketches: SketchIndexRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.sketches = new SketchIndexRepository(db);
  }

  /** Writes (or replaces) the vectors of chunks that still exist; chunks deleted meanwhile are skipped. */
  async upsert(tx: Tx, chunks: ChunkToEmbed[], model: string, vectors: Float32Array[]): Promise<void> {
    if (chunks.length === 0) return;
    await this.write(executor(tx), chunks, model, vectors);
  }

  /** Inside the unit of work that writes a document's chunks: their vectors, in chunk order. */
  async writeForDocument(tx: Tx, documentId: string, model: string, vectors: Float32Array[]): Promise<void> {
    const trx = executor(tx);
    const rows = await trx
      .selectFrom('knowledge_chunks')
      .select(['seq', 'text', 'user_id', 'collection_id'])
      .where('document_id', '=', documentId)
      .orderBy('ordinal')
      .execute();
    const chunks = rows.map((row) => ({
      seq: row.seq,
      text: row.text,
      userId: row.user_id,
      collectionId: row.collection_id,
    }));
    if (chunks.length !== vectors.length) throw new Error(`${vectors.length} vectors for ${chunks.length} chunks`);
    await this.write(trx, chunks, model, vectors);
  }

  private async write(trx: Executor, chunks: ChunkToEmbed[], model: string, vectors: Float32Array[]) {
    const now = new Date().toISOString();
    const existing = await trx
      .selectFrom('knowledge_chunks')
      .select('seq')
      .where(
        'seq',
        'in',
        chunks.map((chunk) => chunk.seq),
      )
      .execute();
    const alive = new Set(existing.map((row) => String(row.seq)));
    const rows = chunks.flatMap((chunk, index) => {
      const vector = vectors[index];
      if (!vector || !alive.has(String(chunk.seq))) return [];
      const embedding = this.dialect === 'sqlite' ? toBlob(vector) : Array.from(vector);
      const row = { chunk_seq: chunk.seq, user_id: chunk.userId, collection_id: chunk.collectionId };
      return [{ row: { ...row, model, dims: vector.length, embedding, created_at: now }, chunk, vector }];
    });
    for (let start = 0; start < rows.length; start += WRITE_BATCH) {
      const batch = rows.slice(start, start + WRITE_BATCH);
      if (this.dialect === 'sqlite') {
        await this.sketches.write(
          trx,
          model,
          batch.map(({ chunk, vector }) => ({ ...chunk, vector })),
        );
      }
      await trx
        .insertInto('knowledge_chunk_vectors')
        .values(batch.map((entry) => entry.row))
        .onConflict((oc) =>
          oc.column('chunk_seq').doUpdateSet((eb) => ({
            model: eb.ref('excluded.model'),
            dims: eb.ref('excluded.dims'),
            embedding: eb.ref('excluded.embedding'),
            created_at: eb.ref('excluded.created_at'),
          })),
        )
        .execute();
    }
  }

  /** Chunks of a collection with no vector from `model` yet, oldest first (after `afterSeq`: a cursor). */
  async missing(
    collectionId: string,
    model: string,
    limit: number,
    afterSeq: number | string = 0,
  ): Promise<ChunkToEmbed[]> {
    const rows = await this.db
      .selectFrom('knowledge_chunks as c')
      .leftJoin('knowledge_chunk_vectors as v', (join) =>
        join.onRef('v.chunk_seq', '=', 'c.seq').on('v.model', '=', model),
      )
      .select(['c.seq', 'c.text', 'c.user_id', 'c.collection_id'])
      .where('c.collection_id', '=', collectionId)
      .where('c.seq', '>', afterSeq)
      .where('v.chunk_seq', 'is', null)
      .orderBy('c.seq')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ seq: row.seq, text: row.text, userId: row.user_id, collectionId: row.collection_id }));
  }

  /** Per collection of the user: chunks in all, and chunks with a vector of `model`. */
  async counts(userId: string, model: string | null): Promise<Map<string, { total: number; embedded: number }>> {
    const rows = await this.db
      .selectFrom('knowledge_chunks as c')
      .leftJoin('knowledge_chunk_vectors as v', (join) =>
        join.onRef('v.chunk_seq', '=', 'c.seq').on('v.model', '=', model ?? ''),
      )
      .select((eb) => [
        'c.collection_id',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.count<number | string>('v.chunk_seq').as('embedded'),
      ])
      .where('c.user_id', '=', userId)
      .groupBy('c.collection_id')
      .execute();
    return new Map(
      rows.map((row) => [row.collection_id, { total: Number(row.total), embedded: Number(row.embedded) }]),
    );
  }

  /** Vectors of other models in a collection (after it was re-embedded): space to free. */
  async deleteOtherModels(collectionId: string, model: string): Promise<void> {
    if (this.dialect === 'sqlite') await this.sketches.deleteOtherModels(collectionId, model);
    await this.db
      .deleteFrom('knowledge_chunk_vectors')
      .where('collection_id', '=', collectionId)
      .where('model', '!=', model)
      .execute();
  }
}
