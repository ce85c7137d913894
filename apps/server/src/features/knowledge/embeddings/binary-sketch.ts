/**
 * Binary quantisation for the SQLite vector index: one bit per dimension (set when the value is positive), so a
 * 768-dimension vector is 96 bytes and Hamming distance between bit vectors approximates the angle between the
 * vectors. A scan over every sketch in scope is a coarse pass; the best candidates are then re-scored exactly.
 */

/** Packs the signs of `vector` into 32-bit words, dimension i at bit (i % 32) of word i / 32. */
export function signBits(vector: ArrayLike<number>): Uint32Array {
  const words = new Uint32Array(Math.ceil(vector.length / 32));
  for (let i = 0; i < vector.length; i += 1) {
    if ((vector[i] as number) > 0) words[i >>> 5] = ((words[i >>> 5] as number) | (1 << (i & 31))) >>> 0;
  }
  return words;
}

export const bitsToBlob = (words: Uint32Array): Buffer => Buffer.from(words.buffer, words.byteOffset, words.byteLength);

/** Set bits per 16-bit value: two table reads per word beat bit tricks in V8. */
const POPCOUNT16 = (() => {
  const table = new Uint8Array(1 << 16);
  for (let i = 1; i < table.length; i += 1) table[i] = (table[i >>> 1] as number) + (i & 1);
  return table;
})();

/** Words (of 32 bits) of the first, shortlisting pass; and how many candidates per wanted one it keeps. */
const PREFIX_WORDS = 8;
const SHORTLIST = 8;

/** The sketches of one (user, model) scope, as loaded from the database; immutable once built. */
export class SketchSet {
  readonly size: number;

  /**
   * @param seqs chunk_seq per entry
   * @param collectionOf index into `collections` per entry
   * @param bits `words` 32-bit words per entry, back to back
   */
  constructor(
    readonly seqs: (number | string)[],
    readonly collections: string[],
    private readonly collectionOf: Uint32Array,
    private readonly bits: Uint32Array,
    private readonly words: number,
  ) {
    this.size = seqs.length;
  }

  static fromRows(rows: { seq: number | string; collectionId: string; bits: Uint8Array }[], dims: number): SketchSet {
    const words = Math.ceil(dims / 32);
    const collections: string[] = [];
    const indexOf = new Map<string, number>();
    const collectionOf = new Uint32Array(rows.length);
    const bits = new Uint32Array(rows.length * words);
    const seqs: (number | string)[] = [];
    rows.forEach((row, entry) => {
      let index = indexOf.get(row.collectionId);
      if (index === undefined) {
        index = collections.push(row.collectionId) - 1;
        indexOf.set(row.collectionId, index);
      }
      collectionOf[entry] = index;
      seqs.push(row.seq);
      // An aligned copy: the driver's buffer may start at any offset. A sketch of other dims is left zero.
      if (row.bits.byteLength === words * 4) {
        bits.set(new Uint32Array(new Uint8Array(row.bits).buffer), entry * words);
      }
    });
    return new SketchSet(seqs, collections, collectionOf, bits, words);
  }

  /** chunk_seq of up to `count` entries nearest to `query` by Hamming distance, within `collectionIds` (null: all). */
  nearest(query: Uint32Array, collectionIds: string[] | null, count: number): (number | string)[] {
    const allowed = new Uint8Array(this.collections.length);
    if (collectionIds) {
      const wanted = new Set(collectionIds);
      this.collections.forEach((id, index) => (allowed[index] = wanted.has(id) ? 1 : 0));
    } else allowed.fill(1);
    let entries: Uint32Array = new Uint32Array(this.size);
    let allowedCount = 0;
    for (let entry = 0; entry < this.size; entry += 1) {
      if (allowed[this.collectionOf[entry] as number]) entries[allowedCount++] = entry;
    }
    entries = entries.subarray(0, allowedCount);
    // Two passes when vectors are long: the first PREFIX_WORDS words shortlist SHORTLIST × count entries (a
    // third of the work at 768 dimensions), all words pick among those.
    const prefix = Math.min(this.words, PREFIX_WORDS);
    if (prefix < this.words && entries.length > count * SHORTLIST) {
      entries = this.closest(entries, query, prefix, count * SHORTLIST);
    }
    return Array.from(this.closest(entries, query, this.words, count), (entry) => this.seqs[entry] as number | string);
  }

  /** The `count` of `entries` closest to `query` over the first `words` words (ties broken by table order). */
  private closest(entries: Uint32Array, query: Uint32Array, words: number, count: number): Uint32Array {
    if (entries.length <= count) return entries;
    const bits = this.bits;
    const stride = this.words;
    const distance = new Uint16Array(entries.length);
    // A histogram of distances finds the cut-off for the best `count` without sorting.
    const histogram = new Uint32Array(words * 32 + 1);
    for (let i = 0; i < entries.length; i += 1) {
      const offset = (entries[i] as number) * stride;
      let sum = 0;
      for (let w = 0; w < words; w += 1) {
        const x = ((bits[offset + w] as number) ^ (query[w] as number)) >>> 0;
        sum += (POPCOUNT16[x & 0xffff] as number) + (POPCOUNT16[x >>> 16] as number);
      }
      distance[i] = sum;
      histogram[sum] = (histogram[sum] as number) + 1;
    }
    let cutoff = 0;
    for (let taken = 0; cutoff < words * 32; cutoff += 1) {
      taken += histogram[cutoff] as number;
      if (taken >= count) break;
    }
    const chosen = new Uint32Array(count);
    let size = 0;
    // Strictly closer entries first, then ties at the cut-off until `count` is reached.
    for (let i = 0; i < entries.length; i += 1) {
      if ((distance[i] as number) < cutoff) chosen[size++] = entries[i] as number;
    }
    for (let i = 0; i < entries.length && size < count; i += 1) {
      if (distance[i] === cutoff) chosen[size++] = entries[i] as number;
    }
    return chosen.subarray(0, size);
  }
}
