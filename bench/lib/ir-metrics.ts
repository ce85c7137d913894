/** IR metrics as trec_eval computes them (gain = relevance grade; grade 0 = not relevant). */

export const STRONG_PASSWORD_FOR_BENCH = 'Quasar-Lantern-47';

/** query id → (doc id → grade); a header line is skipped when present. */
export function readQrels(tsv: string): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  for (const line of tsv.split('\n')) {
    const [queryId, docId, score] = line.trim().split('\t');
    if (!queryId || !docId || score === undefined || !/^-?\d+$/.test(score)) continue;
    const judgements = qrels.get(queryId) ?? new Map<string, number>();
    judgements.set(docId, Number(score));
    qrels.set(queryId, judgements);
  }
  return qrels;
}

export function ndcgAt(ranked: string[], judgements: Map<string, number>, k: number): number {
  const dcg = ranked
    .slice(0, k)
    .reduce((sum, id, i) => sum + Math.max(0, judgements.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...judgements.values()]
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + grade / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export function recallAt(ranked: string[], judgements: Map<string, number>, k: number): number {
  const relevant = [...judgements.values()].filter((grade) => grade > 0).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((id) => (judgements.get(id) ?? 0) > 0).length / relevant;
}

export function reciprocalRankAt(ranked: string[], judgements: Map<string, number>, k: number): number {
  const index = ranked.slice(0, k).findIndex((id) => (judgements.get(id) ?? 0) > 0);
  return index >= 0 ? 1 / (index + 1) : 0;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
