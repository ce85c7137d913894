/** Small vector helpers shared by the vector repository, the embedders and hybrid search. */

/** Unit length (cosine similarity becomes a dot product); an all-zero vector stays all zero. */
export function normalize(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) return vector.fill(0);
  for (let i = 0; i < vector.length; i += 1) vector[i] = (vector[i] as number) / norm;
  return vector;
}

export function dot(a: Float32Array, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/** float32 little-endian bytes, the format sqlite-vec reads. */
export const toBlob = (vector: Float32Array): Buffer =>
  Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

export function fromBlob(blob: Uint8Array): Float32Array {
  const copy = new Uint8Array(blob); // aligned copy: the driver's buffer may start at any offset
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

/** Reciprocal rank fusion (Cormack et al.): each list adds 1 / (k + rank) for an item, rank counted from 1. */
export const RRF_K = 60;

export function reciprocalRankFusion<T>(lists: T[][], key: (item: T) => string): { item: T; score: number }[] {
  const fused = new Map<string, { item: T; score: number }>();
  for (const list of lists) {
    list.forEach((item, index) => {
      const id = key(item);
      const entry = fused.get(id);
      const add = 1 / (RRF_K + index + 1);
      if (entry) entry.score += add;
      else fused.set(id, { item, score: add });
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
