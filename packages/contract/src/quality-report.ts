import { z } from 'zod';

/** Issue 18: a collection's retrieval quality, measured with probe questions made from its own passages. */
export const QUALITY_REPORT = {
  /** Probe questions per report at most (spread over the documents). */
  maxProbes: 40,
  /** A probe counts as found when its passage is among this many results. */
  recallAt: 5,
  /** Reports kept per collection (the trend). */
  history: 20,
} as const;

export const QualityReportStatus = z.enum(['running', 'done', 'failed']);
export type QualityReportStatus = z.infer<typeof QualityReportStatus>;

const DocumentRef = z.object({ document_id: z.string(), file_name: z.string() });

export const QualityReportResult = z.object({
  /** How the probes were written: from headings and key sentences, or by a chat model. */
  method: z.enum(['offline', 'model']),
  probes: z.number().int(),
  /** Share of probes whose passage was among the first QUALITY_REPORT.recallAt results. */
  recall_at_5: z.number().min(0).max(1),
  /** Mean reciprocal rank of each probe's passage (0 when not found). */
  mrr: z.number().min(0).max(1),
  documents: z.number().int(),
  /** Readable documents none of whose probes found them in the first results. */
  never_surfaced: z.array(DocumentRef),
  failed_extractions: z.array(DocumentRef.extend({ error: z.string().nullable() })),
  /** Read without error but with no text to search. */
  empty_extractions: z.array(DocumentRef),
  /** Groups of documents with the same content, and passages repeated across documents. */
  duplicate_documents: z.array(z.array(DocumentRef)),
  duplicate_passages: z.number().int(),
  /** A few probes with where their passage ranked (null: not found), to see what was asked. */
  samples: z.array(z.object({ question: z.string(), file_name: z.string(), rank: z.number().int().nullable() })),
  /** The search the report measured (embedding model or lexical only), so a trend can be explained. */
  search: z.string(),
});
export type QualityReportResult = z.infer<typeof QualityReportResult>;

export const QualityReport = z
  .object({
    id: z.string(),
    collection_id: z.string(),
    status: QualityReportStatus,
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    result: QualityReportResult.nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'QualityReport' });
export type QualityReport = z.infer<typeof QualityReport>;

/** Newest first, at most QUALITY_REPORT.history. */
export const QualityReportList = z.object({ reports: z.array(QualityReport) });
export type QualityReportList = z.infer<typeof QualityReportList>;

export const CreateQualityReportBody = z
  .object({
    /** A chat model to write the probe questions; without it (or when it fails) they are made offline. */
    model: z.string().trim().min(1).max(300).optional(),
  })
  .default({});
export type CreateQualityReportBody = z.infer<typeof CreateQualityReportBody>;
