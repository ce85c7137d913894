/**
 * Deterministic embeddings for the fake runtimes: a hashed bag of words (FNV-1a into `dims` buckets), with an
 * optional synonym table mapping words onto one another, so tests can make texts "mean" the same without
 * sharing a word (what a real embedding model does and a lexical index cannot).
 */
export function hashedBagOfWords(text: string, dims: number, synonyms: Record<string, string> = {}): number[] {
  const vector: number[] = Array.from({ length: dims }, () => 0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const word = synonyms[raw] ?? raw;
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i += 1) {
      hash ^= word.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    vector[hash % dims] = (vector[hash % dims] ?? 0) + 1;
  }
  return vector;
}
