import { type Kysely, sql } from 'kysely';
import { chunkTermCounts, termCounts } from '../../features/knowledge/lexical/analyzer';
import { insertPostings } from './20261126_0020_lexical_index';
import { countTermStats } from './20261129_1100_term_stats';

const BATCH = 500;

interface HeadedChunk {
  seq: number | string;
  document_id: string;
  text: string;
  heading_path: string;
  scope: number | string;
}

/**
 * Chunks are indexed under their heading path as well as their text (contextual chunk headers, issue 18:
 * `chunkTermCounts`). Chunks that already have a heading path were indexed under their text alone: their postings
 * are written again, their documents' and scopes' lengths move by the difference, and the document frequencies are
 * counted again from the postings of the documents that count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const lengthDelta = new Map<string, number>();
  for (let after = 0; ;) {
    const { rows } = await sql<HeadedChunk>`
      select c.seq, c.document_id, c.text, c.heading_path, s.id as scope from knowledge_chunks c
      join knowledge_lexical_scopes s on s.collection_id = c.collection_id
      where c.heading_path is not null and c.seq > ${after} order by c.seq limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const postings: (number | string)[][] = [];
    for (const row of rows) {
      const [scope, seq] = [Number(row.scope), Number(row.seq)];
      const before = termCounts(row.text);
      const headed = chunkTermCounts(row.text, row.heading_path);
      if (before.tf.size > 0) {
        await sql`delete from knowledge_postings where scope = ${scope} and chunk_seq = ${seq}
          and term in (${sql.join([...before.tf.keys()])})`.execute(db);
      }
      for (const [term, tf] of headed.tf) postings.push([scope, term, seq, tf, headed.length]);
      lengthDelta.set(row.document_id, (lengthDelta.get(row.document_id) ?? 0) + headed.length - before.length);
    }
    await insertPostings(db, postings);
    after = Number(rows[rows.length - 1]?.seq);
  }
  if (lengthDelta.size === 0) return;
  for (const [documentId, delta] of lengthDelta) {
    await sql`update knowledge_lexical_documents set total_length = total_length + ${delta}
      where document_id = ${documentId}`.execute(db);
  }
  await sql`update knowledge_lexical_scopes set
    total_length = coalesce((select sum(total_length) from knowledge_lexical_documents d where d.scope = knowledge_lexical_scopes.id), 0)`.execute(
    db,
  );
  await sql`delete from knowledge_term_stats`.execute(db);
  await countTermStats(db);
}
