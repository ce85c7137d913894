import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Chunk vectors of knowledge collections. One row per chunk holds the vector of the model that embedded it
 * (unit length; float32 blob on SQLite, searched with sqlite-vec's distance function; real[] on PostgreSQL,
 * searched with pgvector when the extension exists, exactly in the server otherwise). Rows go with their chunk
 * (foreign key cascade), so deleting a document, a collection or an account removes its vectors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  // Per collection: which model embedded all of it last (with its dimensions), and the last embedding failure.
  await db.schema
    .createTable('knowledge_collection_embeddings')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('knowledge_collections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('model', 'text')
    .addColumn('dims', 'integer')
    .addColumn('error', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('knowledge_chunk_vectors')
    .addColumn('chunk_seq', sqlite ? 'integer' : 'bigint', (col) =>
      col.primaryKey().references('knowledge_chunks.seq').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('collection_id', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('dims', 'integer', (col) => col.notNull())
    .addColumn('embedding', sqlite ? 'blob' : sql`real[]`, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_chunk_vectors_scope_idx')
    .on('knowledge_chunk_vectors')
    .columns(['user_id', 'model', 'collection_id'])
    .execute();
  await db.schema
    .createIndex('knowledge_chunk_vectors_collection_idx')
    .on('knowledge_chunk_vectors')
    .columns(['collection_id', 'model'])
    .execute();
}
