import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Document frequencies per (collection scope, term), counted like the scope's statistics: a document adds its
 * terms when it is published and takes them back when it is removed (issue 18). Search reads a term's weight here
 * before it reads any posting, so it can skip most postings of common terms (max-score pruning in
 * features/knowledge/lexical/bm25-search.repository.ts) instead of counting them on every query. Backfilled from
 * the postings of the documents that count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await sql`create table knowledge_term_stats (
    scope integer not null references knowledge_lexical_scopes(id) on delete cascade,
    term text not null, df integer not null,
    primary key (scope, term))${sql.raw(sqlite ? ' without rowid' : '')}`.execute(db);
  await countTermStats(db);
}

/** Counts every term's document frequency per scope from the postings of the documents that count. */
export async function countTermStats(db: Kysely<unknown>): Promise<void> {
  await sql`insert into knowledge_term_stats (scope, term, df)
    select p.scope, p.term, count(*) from knowledge_postings p
    join knowledge_chunks c on c.seq = p.chunk_seq
    join knowledge_lexical_documents d on d.document_id = c.document_id
    group by p.scope, p.term`.execute(db);
}
