import { sql } from 'kysely';
import { executor } from '../../../db/unit-of-work';
import type { Tx } from '../../../lib/unit-of-work';

/** Term rows per statement (3 parameters each). */
const TERMS_PER_STATEMENT = 1000;

/**
 * Document frequencies per (scope, term) in knowledge_term_stats, what max-score search plans with. Rows are
 * written in term order, so concurrent publications lock the shared rows of common terms in the same order (no
 * deadlock on PostgreSQL).
 */
export async function countTerms(tx: Tx, scope: number, terms: Map<string, number>): Promise<void> {
  const entries = byTerm(terms);
  for (let start = 0; start < entries.length; start += TERMS_PER_STATEMENT) {
    const values = entries.slice(start, start + TERMS_PER_STATEMENT).map(([term, df]) => ({ scope, term, df }));
    await executor(tx)
      .insertInto('knowledge_term_stats')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['scope', 'term']).doUpdateSet((eb) => ({
          df: eb('knowledge_term_stats.df', '+', eb.ref('excluded.df')),
        })),
      )
      .execute();
  }
}

/** Takes a document's frequencies back out; a term no document of the scope holds any more loses its row. */
export async function uncountTerms(tx: Tx, scope: number, terms: Map<string, number>): Promise<void> {
  const trx = executor(tx);
  const entries = byTerm(terms);
  for (let start = 0; start < entries.length; start += TERMS_PER_STATEMENT) {
    const slice = entries.slice(start, start + TERMS_PER_STATEMENT);
    const names = slice.map(([term]) => term);
    const minus = sql.join(
      slice.map(([term, df]) => sql`when ${term} then ${sql.lit(df)}`),
      sql` `,
    );
    await trx
      .updateTable('knowledge_term_stats')
      .set({ df: sql<number>`df - case term ${minus} end` })
      .where('scope', '=', scope)
      .where('term', 'in', names)
      .execute();
    await trx
      .deleteFrom('knowledge_term_stats')
      .where('scope', '=', scope)
      .where('term', 'in', names)
      .where('df', '<=', 0)
      .execute();
  }
}

const byTerm = (terms: Map<string, number>): [string, number][] =>
  [...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
