import { type Kysely, SqliteAdapter, sql } from 'kysely';

const ROWS_PER_BATCH = 2000;

/**
 * SQLite's approximate vector index (issue 18): per chunk vector, its sign bits (binary quantisation, 96 bytes
 * at 768 dimensions) in a narrow table that VectorSearchRepository scans as a coarse pass before re-scoring the
 * best candidates exactly. Rows go with their chunk (foreign key cascade). A per-user generation, bumped by
 * triggers on every change (cascades included), tells the server when its in-memory copy is stale.
 * PostgreSQL needs no table: its HNSW index (pgvector) is created per dimension when a model is chosen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create table knowledge_vec_bits (
    user_id text not null,
    model text not null,
    chunk_seq integer not null references knowledge_chunks(seq) on delete cascade,
    collection_id text not null,
    bits blob not null,
    primary key (user_id, model, chunk_seq)
  ) without rowid`.execute(db);
  // The cascade from knowledge_chunks looks rows up by chunk_seq.
  await sql`create unique index knowledge_vec_bits_chunk_idx on knowledge_vec_bits(chunk_seq)`.execute(db);
  await sql`create table knowledge_vec_generations (
    user_id text primary key,
    generation integer not null
  )`.execute(db);
  for (const [event, row] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`create trigger ${sql.raw(`knowledge_vec_bits_${event}`)} after ${sql.raw(event)} on knowledge_vec_bits
      begin
        insert into knowledge_vec_generations (user_id, generation) values (${sql.raw(row)}.user_id, 1)
        on conflict (user_id) do update set generation = generation + 1;
      end`.execute(db);
  }
  // Vectors written before this migration get their sketches now.
  let after = 0;
  for (;;) {
    const { rows } = await sql<{
      chunk_seq: number;
      user_id: string;
      model: string;
      collection_id: string;
      embedding: Buffer;
    }>`
      select chunk_seq, user_id, model, collection_id, embedding from knowledge_chunk_vectors
      where chunk_seq > ${after} order by chunk_seq limit ${ROWS_PER_BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const copy = new Uint8Array(row.embedding);
      const vector = new Float32Array(copy.buffer, 0, copy.byteLength / 4);
      const words = new Uint32Array(Math.ceil(vector.length / 32));
      for (let i = 0; i < vector.length; i += 1) {
        if ((vector[i] as number) > 0) words[i >>> 5] = ((words[i >>> 5] as number) | (1 << (i & 31))) >>> 0;
      }
      await sql`insert into knowledge_vec_bits (user_id, model, chunk_seq, collection_id, bits)
        values (${row.user_id}, ${row.model}, ${row.chunk_seq}, ${row.collection_id}, ${Buffer.from(words.buffer)})`.execute(
        db,
      );
    }
    after = rows[rows.length - 1]?.chunk_seq ?? after;
  }
}
