import type { PostingList } from './search-cache';

/**
 * BM25 over posting lists in memory, exact and pruned by max-score (Turtle & Flood), document at a time (issue 18).
 * A term's contribution to a chunk is weight × tf / (tf + a + b × len) (a = k1 × (1 - b), b = k1 × b / avgdl,
 * weight = idf × its weight in the query × (k1 + 1)); its bound is the largest that contribution is in its list.
 * Once the k-th best score so far (the threshold) exceeds the summed bounds of the weakest lists, a chunk holding
 * only their terms can't reach the top: only the other ("essential") lists are walked, and the weak ones are
 * looked up (galloping) for the chunks that still might.
 */
export interface TermWeight {
  term: string;
  df: number;
  /** The term's idf times its weight in the query (1 for a user's own words). */
  idf: number;
}

export interface ScoredChunk {
  seq: number;
  score: number;
}

/** BM25's constants for one search: a = k1 × (1 - b), b = k1 × b / avgdl. */
export interface Norm {
  a: number;
  b: number;
}

/** Robertson–Spärck Jones idf as Lucene computes it: never negative. */
export const idf = (chunks: number, df: number): number => Math.log(1 + (chunks - df + 0.5) / (df + 0.5));

/** Rarest first (highest idf), ties by term: every chunk's score is summed in this order, so copies tie exactly. */
export function byRarity(weights: TermWeight[]): TermWeight[] {
  return [...weights].sort((a, b) => b.idf - a.idf || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/**
 * Thresholds are lowered by this share before pruning: a chunk's partial score summed in another order than its
 * final one can differ in the last bits, and identical chunks, which tie exactly, must not be cut off by one of
 * them.
 */
const SLACK = 1 - 1e-9;

/**
 * The best `limit` chunks, best first (ties by chunk order). `scopes` holds, per searched scope, one list per
 * query term, in the order of `weights` (each already idf × query weight × (k1 + 1)). Chunks in `hidden` (of
 * documents not ready) are skipped.
 */
export function topChunks(
  scopes: PostingList[][],
  weights: number[],
  limit: number,
  norm: Norm,
  hidden: ReadonlySet<number>,
): ScoredChunk[] {
  if (limit <= 0) return [];
  const top = new TopChunks(limit);
  for (const lists of scopes) scoreScope(lists, weights, norm, hidden, top);
  return top.sorted();
}

/** The largest tf / (tf + a + b × len) of a list (remembered on it for these constants). */
export function bestShare(list: PostingList, { a, b }: Norm): number {
  if (list.best && list.best.a === a && list.best.b === b) return list.best.value;
  let value = 0;
  for (let i = 0; i < list.tf.length; i += 1) {
    const tf = list.tf[i] as number;
    const share = tf / (tf + a + b * (list.len[i] as number));
    if (share > value) value = share;
  }
  list.best = { a, b, value };
  return value;
}

/**
 * One scope's chunks into `top`. Cursor state is kept in flat arrays (each list's chunk at its position in
 * `heads`, Infinity once done), weakest bound first: the walk compares numbers, not objects.
 */
function scoreScope(
  lists: PostingList[],
  weights: number[],
  norm: Norm,
  hidden: ReadonlySet<number>,
  top: TopChunks,
): void {
  const used = lists
    .flatMap((list, term) => {
      const weight = weights[term] as number;
      return list.seq.length > 0 && weight > 0 ? [{ list, term, weight, bound: weight * bestShare(list, norm) }] : [];
    })
    .sort((x, y) => x.bound - y.bound || x.term - y.term);
  const n = used.length;
  if (n === 0) return;
  const seqs = used.map((cursor) => cursor.list.seq);
  const tfs = used.map((cursor) => cursor.list.tf);
  const lens = used.map((cursor) => cursor.list.len);
  const terms = Int32Array.from(used, (cursor) => cursor.term);
  const factor = Float64Array.from(used, (cursor) => cursor.weight);
  const heads = Float64Array.from(used, (cursor) => cursor.list.seq[0] as number);
  const at = new Int32Array(n);
  // upTo[i]: the most the lists 0..i can add together.
  const upTo = new Float64Array(n);
  used.reduce((sum, cursor, i) => (upTo[i] = sum + cursor.bound), 0);
  const parts = new Float64Array(weights.length);
  const { a, b } = norm;
  /** Adds list i's posting k to the chunk being scored (its part, by query term); returns its contribution. */
  const contribution = (i: number, k: number): number => {
    const f = (tfs[i] as Int32Array)[k] as number;
    const value = ((factor[i] as number) * f) / (f + a + b * ((lens[i] as Int32Array)[k] as number));
    parts[terms[i] as number] = value;
    return value;
  };
  // Lists before `lookups` are only looked up.
  let lookups = 0;
  const raise = () => {
    const floor = top.threshold() * SLACK;
    while (lookups < n && (upTo[lookups] as number) < floor) lookups += 1;
  };
  raise();
  let current = Infinity;
  for (let i = lookups; i < n; i += 1) current = Math.min(current, heads[i] as number);
  while (lookups < n && current !== Infinity) {
    parts.fill(0);
    let score = 0;
    let next = Infinity;
    for (let i = lookups; i < n; i += 1) {
      let head = heads[i] as number;
      if (head === current) {
        const k = at[i] as number;
        score += contribution(i, k);
        const seq = seqs[i] as Float64Array;
        at[i] = k + 1;
        head = k + 1 < seq.length ? (seq[k + 1] as number) : Infinity;
        heads[i] = head;
      }
      if (head < next) next = head;
    }
    const floor = top.threshold() * SLACK;
    let reachable = true;
    for (let i = lookups - 1; i >= 0; i -= 1) {
      if (score + (upTo[i] as number) < floor) {
        reachable = false;
        break;
      }
      const seq = seqs[i] as Float64Array;
      const k = seek(seq, at[i] as number, current);
      at[i] = k;
      if (seq[k] === current) score += contribution(i, k);
    }
    if (reachable && score >= floor && !hidden.has(current)) {
      let total = 0;
      for (const part of parts) total += part;
      if (top.offer(total, current)) raise();
    }
    current = next;
  }
}

/** The first index at or after `from` whose chunk is not before `target` (galloping, then binary search). */
export function seek(seq: Float64Array, from: number, target: number): number {
  if (from >= seq.length || (seq[from] as number) >= target) return from;
  let low = from;
  let step = 1;
  let high = from + 1;
  while (high < seq.length && (seq[high] as number) < target) {
    low = high;
    step *= 2;
    high = from + step;
  }
  high = Math.min(high, seq.length);
  while (low + 1 < high) {
    const mid = (low + high) >>> 1;
    if ((seq[mid] as number) < target) low = mid;
    else high = mid;
  }
  return high;
}

/** The best `limit` chunks seen (a min-heap: the worst kept on top; worse = lower score, or later chunk). */
class TopChunks {
  private readonly scores: Float64Array;
  private readonly seqs: Float64Array;
  private size = 0;

  constructor(private readonly limit: number) {
    this.scores = new Float64Array(limit);
    this.seqs = new Float64Array(limit);
  }

  /** The k-th best score so far; -Infinity until there are k. */
  threshold(): number {
    return this.size < this.limit ? -Infinity : (this.scores[0] as number);
  }

  /** Keeps the chunk if it is among the best so far; true when it was kept. */
  offer(score: number, seq: number): boolean {
    if (this.size < this.limit) {
      this.scores[this.size] = score;
      this.seqs[this.size] = seq;
      this.size += 1;
      this.up(this.size - 1);
      return true;
    }
    if (!this.worse(0, score, seq)) return false;
    this.scores[0] = score;
    this.seqs[0] = seq;
    this.down(0);
    return true;
  }

  sorted(): ScoredChunk[] {
    return Array.from({ length: this.size }, (_, i) => ({
      seq: this.seqs[i] as number,
      score: this.scores[i] as number,
    })).sort((x, y) => y.score - x.score || x.seq - y.seq);
  }

  /** Whether entry i is worse than (score, seq). */
  private worse(i: number, score: number, seq: number): boolean {
    const own = this.scores[i] as number;
    return own < score || (own === score && (this.seqs[i] as number) > seq);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, this.scores[parent] as number, this.seqs[parent] as number)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      let worst = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < this.size && this.worse(child, this.scores[worst] as number, this.seqs[worst] as number)) {
          worst = child;
        }
      }
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(i: number, j: number): void {
    [this.scores[i], this.scores[j]] = [this.scores[j] as number, this.scores[i] as number];
    [this.seqs[i], this.seqs[j]] = [this.seqs[j] as number, this.seqs[i] as number];
  }
}
