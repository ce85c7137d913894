import { type Kysely, SqliteAdapter, sql } from 'kysely';

/** Knowledge collections, documents, chunks with a lexical index, and the DB-backed job queue. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema
    .createTable('knowledge_collections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_collections_user_idx')
    .on('knowledge_collections')
    .columns(['user_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('knowledge_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('knowledge_collections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('file_type', 'text', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('blob_key', 'text')
    .addColumn('content', 'text')
    .addColumn('preview', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('knowledge_documents_collection_sha_unique', ['collection_id', 'sha256'])
    .addCheckConstraint('knowledge_documents_status_check', sql`status in ('queued', 'processing', 'ready', 'failed')`)
    .execute();
  await db.schema
    .createIndex('knowledge_documents_user_idx')
    .on('knowledge_documents')
    .columns(['user_id', 'collection_id', 'created_at'])
    .execute();

  // SQLite: an integer rowid primary key so the FTS5 external-content table can point at it.
  await db.schema
    .createTable('knowledge_chunks')
    .addColumn('seq', sqlite ? 'integer' : 'bigserial', (col) =>
      sqlite ? col.primaryKey().autoIncrement() : col.primaryKey(),
    )
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('document_id', 'text', (col) => col.notNull().references('knowledge_documents.id').onDelete('cascade'))
    .addColumn('collection_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('page', 'integer')
    .addColumn('heading_path', 'text')
    .execute();
  await db.schema.createIndex('knowledge_chunks_document_idx').on('knowledge_chunks').column('document_id').execute();
  await db.schema
    .createIndex('knowledge_chunks_user_collection_idx')
    .on('knowledge_chunks')
    .columns(['user_id', 'collection_id'])
    .execute();

  if (sqlite) {
    await sql`create virtual table knowledge_chunks_fts using fts5(
      text, content='knowledge_chunks', content_rowid='seq', tokenize='porter unicode61')`.execute(db);
    // Triggers keep the external-content index in step with the chunks, cascading deletes included.
    await sql`create trigger knowledge_chunks_fts_ai after insert on knowledge_chunks begin
      insert into knowledge_chunks_fts(rowid, text) values (new.seq, new.text); end`.execute(db);
    await sql`create trigger knowledge_chunks_fts_ad after delete on knowledge_chunks begin
      insert into knowledge_chunks_fts(knowledge_chunks_fts, rowid, text) values ('delete', old.seq, old.text); end`.execute(
      db,
    );
  } else {
    await sql`alter table knowledge_chunks add column tsv tsvector
      generated always as (to_tsvector('english', text)) stored`.execute(db);
    await sql`create index knowledge_chunks_tsv_idx on knowledge_chunks using gin (tsv)`.execute(db);
  }

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('jobs_status_check', sql`status in ('queued', 'running', 'done', 'failed')`)
    .execute();
  await db.schema.createIndex('jobs_status_run_after_idx').on('jobs').columns(['status', 'run_after']).execute();
}
