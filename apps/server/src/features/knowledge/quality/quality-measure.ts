import { type KnowledgeSearchResult, QUALITY_REPORT, type QualityReportResult } from '@hearth/contract';
import type { Probe } from './quality-probes';
import type { QualityChunkRow, QualityDocumentRow } from './quality-report.repository';

/** Results asked for per probe: a few past the recall cut-off, so MRR still credits a near miss. */
export const PROBE_SEARCH_LIMIT = 10;
/** Probes shown with the report, so the owner can see what was asked. */
const SAMPLES = 5;
/** Shorter repeated passages (a footer, "Page 3") are boilerplate, not duplicates worth reporting. */
const MIN_DUPLICATE_CHARS = 40;

export type Measured = Omit<QualityReportResult, 'method' | 'search'>;

/**
 * Where the probe's passage ranked: search answers documents (best chunk first, with their best snippets), so
 * the rank is that of the document whose best passages include it; null when it is not among the results.
 */
export function rankOf(probe: Probe, results: readonly KnowledgeSearchResult[]): number | null {
  const index = results.findIndex(
    (result) =>
      result.chunk_id === probe.chunkId || result.snippets.some((snippet) => snippet.chunk_id === probe.chunkId),
  );
  return index < 0 ? null : index + 1;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Passages (long enough to matter) that appear word for word in more than one document. */
export function duplicatePassages(chunks: readonly QualityChunkRow[]): number {
  const documentsOf = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    const text = normalise(chunk.text);
    if (text.length < MIN_DUPLICATE_CHARS) continue;
    documentsOf.set(text, (documentsOf.get(text) ?? new Set()).add(chunk.document_id));
  }
  return [...documentsOf.values()].filter((documents) => documents.size > 1).length;
}

/**
 * Documents whose extracted text is the same (the same file twice is refused at upload, but the same text in
 * another file or format is not): each group holds two or more.
 */
export function sameText(documents: QualityDocumentRow[], chunks: readonly QualityChunkRow[]): QualityDocumentRow[][] {
  const texts = new Map<string, string[]>();
  for (const chunk of chunks)
    texts.set(chunk.document_id, [...(texts.get(chunk.document_id) ?? []), normalise(chunk.text)]);
  const groups = new Map<string, QualityDocumentRow[]>();
  for (const document of documents) {
    const text = texts.get(document.id)?.join('\n');
    if (!text) continue;
    groups.set(text, [...(groups.get(text) ?? []), document]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/** Runs every probe through search and works out the figures (recall@5, MRR, what never surfaces). */
export async function measure(input: {
  documents: QualityDocumentRow[];
  chunks: QualityChunkRow[];
  probes: Probe[];
  search: (question: string) => Promise<KnowledgeSearchResult[]>;
  onProgress: (done: number) => Promise<void>;
  signal: AbortSignal;
}): Promise<Measured> {
  const { documents, probes } = input;
  const surfaced = new Set<string>();
  const ranks: (number | null)[] = [];
  for (const probe of probes) {
    input.signal.throwIfAborted();
    const results = await input.search(probe.question);
    for (const result of results.slice(0, QUALITY_REPORT.recallAt)) surfaced.add(result.document_id);
    ranks.push(rankOf(probe, results));
    await input.onProgress(ranks.length);
  }
  const count = Math.max(1, ranks.length);
  const found = ranks.filter((rank) => rank !== null && rank <= QUALITY_REPORT.recallAt).length;
  const reciprocal = ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0);
  const ref = (document: QualityDocumentRow) => ({ document_id: document.id, file_name: document.file_name });
  const nameOf = new Map(documents.map((document) => [document.id, document.file_name]));
  const byText = sameText(documents, input.chunks);
  return {
    probes: ranks.length,
    recall_at_5: ranks.length === 0 ? 0 : round(found / count),
    mrr: ranks.length === 0 ? 0 : round(reciprocal / count),
    documents: documents.length,
    never_surfaced: documents
      .filter((document) => document.status === 'ready' && document.chunks > 0 && !surfaced.has(document.id))
      .map(ref),
    failed_extractions: documents
      .filter((document) => document.status === 'failed')
      .map((document) => ({ ...ref(document), error: document.error })),
    empty_extractions: documents.filter((document) => document.status === 'ready' && document.chunks === 0).map(ref),
    duplicate_documents: byText.map((group) => group.map(ref)),
    duplicate_passages: duplicatePassages(input.chunks),
    samples: probes.slice(0, SAMPLES).map((probe, index) => ({
      question: probe.question,
      file_name: nameOf.get(probe.documentId) ?? '',
      rank: ranks[index] ?? null,
    })),
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
