import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { LOOKUP_COST, type TermWeight, byRarity, firstSplit, idf, restBound, splitFor } from './max-score';

export interface Bm25Params {
  k1: number;
  b: number;
}

/** The searched scopes (collections) with what BM25 needs of them. */
export interface SearchScopes {
  ids: number[];
  collectionIds: string[];
  chunks: number;
  avgdl: number;
}

export interface ScoredChunk {
  seq: number;
  score: number;
}

/**
 * The best `limit` chunks of the scopes for the analysed query terms, by BM25 with statistics summed over the
 * scopes only, best first (ties by chunk order). `query` maps each term to its weight in the query (1 for a
 * user's own words; feedback terms weigh less: lexical/feedback.ts); a term's contribution is its weight × idf ×
 * the usual tf part. Exact, but pruned (max-score; lexical/max-score.ts): the weights come from
 * knowledge_term_stats (or `known`); a first, cheap query scores the chunks of the rarest terms completely and
 * takes the k-th best as a threshold; then only the terms whose bounds that threshold does not cover
 * ("essential") have their postings read in full, and the common ones are looked up, chunk by chunk, for the
 * candidates that can still reach the top.
 */
export async function bm25Search(
  db: Kysely<Database>,
  dialect: Dialect,
  scopes: SearchScopes,
  query: Map<string, number>,
  limit: number,
  bm25: Bm25Params,
  documents: number | null = null,
  /** The terms' document frequencies in `scopes`, when the caller has them (a term left out: none holds it). */
  known?: Map<string, number>,
): Promise<ScoredChunk[]> {
  const frequencies = known
    ? new Map([...query.keys()].flatMap((term) => (known.has(term) ? [[term, known.get(term) as number]] : [])))
    : await documentFrequencies(db, scopes, [...query.keys()]);
  const ordered = byRarity(
    [...frequencies].map(([term, df]) => ({ term, df, idf: (query.get(term) ?? 1) * idf(scopes.chunks, df) })),
  );
  if (ordered.length === 0) return [];
  const pass = new PassQuery(scopes, ordered, { chunks: limit, documents }, bm25);
  const first = firstSplit(ordered, limit);
  if (first === ordered.length) return await pass.search(db, first, 0);
  const threshold = await pass.threshold(db, first);
  const cost = { chunks: scopes.chunks, lookup: LOOKUP_COST[dialect] };
  return await pass.search(db, splitFor(ordered, threshold, bm25.k1, cost), threshold);
}

/** How many of the scopes' chunks hold each of `terms` (terms none holds are left out). */
export async function documentFrequencies(
  db: Kysely<Database>,
  scopes: SearchScopes,
  terms: string[],
): Promise<Map<string, number>> {
  if (terms.length === 0) return new Map();
  const rows = await db
    .selectFrom('knowledge_term_stats')
    .select((eb) => ['term', eb.fn.sum<number | string>('df').as('df')])
    .where('scope', 'in', scopes.ids)
    .where('term', 'in', terms)
    .groupBy('term')
    .execute();
  return new Map(rows.map((row) => [row.term, Number(row.df)]));
}

/**
 * Thresholds are lowered by this share: the same chunk's score summed in another order (a seed completed by
 * lookups, a candidate built up term by term) can differ in the last bits, and identical documents, which tie
 * exactly, must not all fall just under a threshold taken from one of them.
 */
const SLACK = 1 - 1e-9;

/** Candidates completed per wanted result to find a threshold (cheap: a few point lookups each). */
const SEED_PER_RESULT = 2;

/**
 * How many results a search needs: the best `chunks`, or, when the caller only keeps the best `documents`
 * (ranked by their best chunk), the chunks of those; below the best chunk of the k-th best document nothing
 * changes the documents returned, so the threshold can rise to it (a higher threshold, fewer postings read).
 */
interface Wanted {
  chunks: number;
  documents: number | null;
}

/** The SQL of one search's passes: the first `essential` terms of `ordered` read in full, the others looked up. */
class PassQuery {
  constructor(
    private readonly scopes: SearchScopes,
    private readonly ordered: TermWeight[],
    private readonly wanted: Wanted,
    private readonly bm25: Bm25Params,
  ) {}

  private get limit(): number {
    return this.wanted.chunks;
  }

  /**
   * A lower bound of the k-th best score: the best partial scores over the rarest terms, completed by lookups of
   * the others; the k-th best of those real scores (0 when there are fewer than k).
   */
  async threshold(db: Kysely<Database>, essential: number): Promise<number> {
    const { rows } = await sql<{
      score: number | string;
    }>`with ${this.candidates(essential)}, ${this.completed(essential)}
      select max(t) as score from (${this.kth()}) kth`.execute(db);
    return Number(rows[0]?.score ?? 0);
  }

  /**
   * Partial scores over the essential terms' postings; the others are added one at a time, rarest first, each
   * only to the candidates whose score so far plus the bounds of the terms still to add reach the threshold (the
   * caller's `floor`, or the k-th best completed seed if higher). Chunks of documents not ready are left out.
   */
  async search(db: Kysely<Database>, essential: number, floor: number): Promise<ScoredChunk[]> {
    const rest = this.ordered.slice(essential);
    const steps = rest.map(
      (term, i) => sql`, ${sql.raw(`step${i + 1}`)} as materialized (
        select c.scope, c.chunk_seq, c.partial + ${this.lookup('c', [term])} as partial
        from ${sql.raw(i === 0 ? 'candidates' : `step${i}`)} c, threshold
        where c.partial + ${sql.lit(restBound(this.ordered, essential + i, this.bm25.k1))} >= threshold.t)`,
    );
    const last = sql.raw(rest.length ? `step${rest.length}` : 'candidates');
    const { rows } = await sql<{ seq: number | string; score: number | string }>`
      with ${this.candidates(essential)}, ${this.completed(essential)},
      threshold as materialized (
        select max(t) as t from (
          select cast(${sql.lit(floor)} as double precision) as t
          union all
          ${this.kth()}) bound)
      ${sql.join(steps, sql``)}
      select l.chunk_seq as seq, l.partial as score from ${last} l, threshold
      where l.partial >= threshold.t
      order by l.partial desc, l.chunk_seq limit ${this.limit}`.execute(db);
    return rows.map((row) => ({ seq: Number(row.seq), score: Number(row.score) }));
  }

  /**
   * `hidden`, `candidates` (partial scores over the essential terms) and `seed` (the best of them). One branch per
   * term, so each posting's weight has its term's constants folded in, with no choice by term per posting (measured
   * at 100,000 chunks, 10 documents: PostgreSQL p95 57 → 46 ms, SQLite 37 → 33 ms).
   */
  private candidates(essential: number) {
    const core = this.ordered.slice(0, essential);
    return sql`hidden as (
        select c.seq from knowledge_documents d join knowledge_chunks c on c.document_id = d.id
        where d.collection_id in (${sql.join(this.scopes.collectionIds)})
          and d.status in ('queued', 'processing', 'failed')),
      candidates as materialized (
        select u.scope, u.chunk_seq, sum(u.w) as partial from (${sql.join(
          core.map(
            (w) => sql`select p.scope, p.chunk_seq, ${this.weight('p', [w])} as w from knowledge_postings p
              where p.scope in (${sql.join(this.scopes.ids)}) and p.term = ${w.term}`,
          ),
          sql` union all `,
        )}) u
        where u.chunk_seq not in (select seq from hidden)
        group by u.scope, u.chunk_seq),
      seed as (select scope, chunk_seq, partial from candidates order by partial desc limit ${this.limit * SEED_PER_RESULT})`;
  }

  /** `completed`: the seed's real scores, the other terms looked up. */
  private completed(essential: number) {
    const rest = this.ordered.slice(essential);
    const score = rest.length ? sql`s.partial + ${this.lookup('s', rest)}` : sql`s.partial`;
    return sql`completed as materialized (select s.chunk_seq, ${score} as score from seed s)`;
  }

  /**
   * Lower bounds of what the caller needs, as rows `t` (none when the seed is too small), each lowered by SLACK:
   * the k-th best completed chunk and, when it wants documents, the best completed chunk of the k-th best
   * document among the best `limit` completed chunks (only their documents are looked up: a k-th document further
   * down scores no more than the first row).
   */
  private kth() {
    const chunk = sql`select t from (
      select score * ${sql.lit(SLACK)} as t from completed order by score desc limit 1 offset ${this.limit - 1}) kth_chunk`;
    if (!this.wanted.documents) return chunk;
    return sql`${chunk} union all select t from (
      select max(k.score) * ${sql.lit(SLACK)} as t
      from (select score, (select c.document_id from knowledge_chunks c where c.seq = top.chunk_seq) as document_id
        from (select chunk_seq, score from completed order by score desc limit ${this.limit}) top) k
      group by k.document_id order by t desc limit 1 offset ${this.wanted.documents - 1}) kth_document`;
  }

  /** The terms' contribution to the chunk `alias` names, by point lookups of its postings. */
  private lookup(alias: string, of: TermWeight[]) {
    return sql`coalesce((select sum(${this.weight('q', of)}) from knowledge_postings q
      where q.scope = ${sql.ref(`${alias}.scope`)} and q.chunk_seq = ${sql.ref(`${alias}.chunk_seq`)}
        and q.term in (${sql.join(of.map((w) => w.term))})), 0)`;
  }

  /**
   * BM25 of the postings `alias` names, as tf × C / (tf + A + B × len) with the constants folded here: C = idf ×
   * (k1 + 1) of the posting's term (no lookup by term when there is only one), A = k1 × (1 - b), B = k1 × b / avgdl.
   */
  private weight(alias: string, of: TermWeight[]) {
    const { k1, b } = this.bm25;
    const boost = (w: TermWeight) => real(w.idf * (k1 + 1));
    const factor =
      of.length === 1
        ? boost(of[0] as TermWeight)
        : sql`(case ${sql.ref(`${alias}.term`)} ${sql.join(
            of.map((w) => sql`when ${w.term} then ${boost(w)}`),
            sql` `,
          )} end)`;
    const tf = sql.ref(`${alias}.tf`);
    return sql`${factor} * ${tf} / (${tf} + ${real(k1 * (1 - b))} + ${real((k1 * b) / this.scopes.avgdl)} * ${sql.ref(`${alias}.len`)})`;
  }
}

/** A double-precision constant on both databases (a bare decimal is `numeric` on PostgreSQL, slow to compute with). */
const real = (value: number) => sql`cast(${sql.lit(value)} as double precision)`;
