import { z } from 'zod';

/**
 * Issue 18: how much of an answer its cited passages back up. The sources-match number (spec §9 confidence)
 * says how well the sources fitted the question; this says whether the answer's statements are in them.
 */
export const AnswerSupport = z.object({
  /** Statements (sentences that state something) found in a cited passage. */
  supported: z.number().int().min(0),
  /** Statements checked. */
  total: z.number().int().min(0),
  /** The statements not found in any cited passage, as written in the answer. */
  unsupported: z.array(z.string()),
  /** Who judged: the answering model, or word overlap (numbers and names must match). */
  method: z.enum(['model', 'lexical']),
});
export type AnswerSupport = z.infer<typeof AnswerSupport>;

/** What advanced retrieval did for an answer, shown (collapsed) under it. */
export const AdvancedRetrievalSummary = z.object({
  /** The steps in order: expansion, sub-questions, searches, reranking, validation. */
  steps: z.array(z.string()),
  expanded_queries: z.array(z.string()),
  explanation: z.string(),
  validation: z.object({
    is_valid: z.boolean(),
    confidence: z.number().min(0).max(1),
    issues: z.array(z.string()),
    suggestions: z.array(z.string()),
  }),
});
export type AdvancedRetrievalSummary = z.infer<typeof AdvancedRetrievalSummary>;

/** "4 of 5 statements found in the sources". */
export const supportText = (support: Pick<AnswerSupport, 'supported' | 'total'>): string =>
  `${support.supported} of ${support.total} ${support.total === 1 ? 'statement' : 'statements'} found in the sources`;
