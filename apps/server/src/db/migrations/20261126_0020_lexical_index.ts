import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { termCounts } from '../../features/knowledge/lexical/analyzer';

/** Chunks read per backfill batch: a few MB of text, a few thousand posting rows per statement. */
const BACKFILL_BATCH = 500;
/** Posting rows per INSERT (5 parameters each, well under both databases' parameter limits). */
const POSTINGS_PER_INSERT = 2000;

/**
 * Our own inverted index replaces FTS5 (SQLite) and the tsvector/GIN index (PostgreSQL) so that both databases
 * rank with the same BM25 over the same terms (issue 18): one analyzer in TypeScript, postings per collection
 * ("scope", a small integer so each posting row stays small), and per-scope statistics. The statistics count a
 * document only once it is ready (knowledge_lexical_documents holds what it added), so a document being indexed
 * in several short transactions is never half-visible.
 *
 * Existing chunks of ready documents are indexed here, in batches, under the migration lock: search has no other
 * index once the old ones are dropped, and a start-up that takes a little longer once is better than an instance
 * whose search is empty until a background job catches up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema
    .createTable('knowledge_lexical_scopes')
    .addColumn('id', sqlite ? 'integer' : 'serial', (col) =>
      sqlite ? col.primaryKey().autoIncrement() : col.primaryKey(),
    )
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().unique().references('knowledge_collections.id').onDelete('cascade'),
    )
    .addColumn('chunk_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('total_length', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('knowledge_lexical_documents')
    .addColumn('document_id', 'text', (col) =>
      col.primaryKey().references('knowledge_documents.id').onDelete('cascade'),
    )
    .addColumn('scope', 'integer', (col) => col.notNull().references('knowledge_lexical_scopes.id').onDelete('cascade'))
    .addColumn('chunk_count', 'integer', (col) => col.notNull())
    .addColumn('total_length', 'bigint', (col) => col.notNull())
    .execute();

  // The clustered key makes "postings of (scope, term)" one range scan that already holds tf and length.
  if (sqlite) {
    await sql`create table knowledge_postings (
      scope integer not null references knowledge_lexical_scopes(id) on delete cascade,
      term text not null, chunk_seq integer not null, tf integer not null, len integer not null,
      primary key (scope, term, chunk_seq)) without rowid`.execute(db);
  } else {
    await sql`create table knowledge_postings (
      scope integer not null references knowledge_lexical_scopes(id) on delete cascade,
      term text not null, chunk_seq bigint not null, tf integer not null, len integer not null,
      constraint knowledge_postings_pkey primary key (scope, term, chunk_seq) include (tf, len))`.execute(db);
  }
  // Search hides chunks of documents that are not ready yet: this finds those few without reading the others.
  await db.schema
    .createIndex('knowledge_documents_collection_status_idx')
    .on('knowledge_documents')
    .columns(['collection_id', 'status'])
    .execute();

  if (sqlite) {
    await sql`drop trigger if exists knowledge_chunks_fts_ai`.execute(db);
    await sql`drop trigger if exists knowledge_chunks_fts_ad`.execute(db);
    await sql`drop table if exists knowledge_chunks_fts`.execute(db);
  } else {
    await sql`drop index if exists knowledge_chunks_tsv_idx`.execute(db);
    await sql`alter table knowledge_chunks drop column if exists tsv`.execute(db);
  }

  await backfill(db);
}

interface ChunkRow {
  seq: number | string;
  document_id: string;
  collection_id: string;
  text: string;
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`insert into knowledge_lexical_scopes (collection_id, chunk_count, total_length)
    select id, 0, 0 from knowledge_collections`.execute(db);
  const scopes = new Map(
    (
      await sql<{ id: number; collection_id: string }>`select id, collection_id from knowledge_lexical_scopes`.execute(
        db,
      )
    ).rows.map((row) => [row.collection_id, Number(row.id)]),
  );
  const documents = new Map<string, { scope: number; chunks: number; length: number }>();
  for (let after = 0; ;) {
    const { rows } = await sql<ChunkRow>`
      select c.seq, c.document_id, c.collection_id, c.text from knowledge_chunks c
      join knowledge_documents d on d.id = c.document_id
      where c.seq > ${after} and d.status = 'ready' order by c.seq limit ${BACKFILL_BATCH}`.execute(db);
    if (rows.length === 0) break;
    const postings: (number | string)[][] = [];
    for (const row of rows) {
      const scope = scopes.get(row.collection_id);
      if (scope === undefined) continue;
      const { tf, length } = termCounts(row.text);
      for (const [term, count] of tf) postings.push([scope, term, Number(row.seq), count, length]);
      const doc = documents.get(row.document_id) ?? { scope, chunks: 0, length: 0 };
      doc.chunks += 1;
      doc.length += length;
      documents.set(row.document_id, doc);
    }
    await insertPostings(db, postings);
    after = Number(rows[rows.length - 1]?.seq);
  }
  for (const [documentId, doc] of documents) {
    await sql`insert into knowledge_lexical_documents (document_id, scope, chunk_count, total_length)
      values (${documentId}, ${doc.scope}, ${doc.chunks}, ${doc.length})`.execute(db);
  }
  await sql`update knowledge_lexical_scopes set
    chunk_count = coalesce((select sum(chunk_count) from knowledge_lexical_documents d where d.scope = knowledge_lexical_scopes.id), 0),
    total_length = coalesce((select sum(total_length) from knowledge_lexical_documents d where d.scope = knowledge_lexical_scopes.id), 0)`.execute(
    db,
  );
}

/** Rows of (scope, term, chunk_seq, tf, len), in statements of POSTINGS_PER_INSERT (also used by later migrations). */
export async function insertPostings(db: Kysely<unknown>, postings: (number | string)[][]): Promise<void> {
  for (let start = 0; start < postings.length; start += POSTINGS_PER_INSERT) {
    const values = postings
      .slice(start, start + POSTINGS_PER_INSERT)
      .map((p) => sql`(${sql.join(p.map((value) => sql`${value}`))})`);
    await sql`insert into knowledge_postings (scope, term, chunk_seq, tf, len) values ${sql.join(values)}`.execute(db);
  }
}
