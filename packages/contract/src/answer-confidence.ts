/** Spec §9 answer confidence: how far an answer that searched the user's documents can be relied on. */
export const ANSWER_CONFIDENCE = {
  base: 0.5,
  withDocuments: 0.3,
  longAnswer: 0.1,
  longAnswerChars: 100,
  relevanceWeight: 0.2,
} as const;

/**
 * Base 0.5, +0.3 when the answer has document references (it used documents), +0.1 when it is over 100
 * characters, +0.2 × the mean relevance of the documents used (0 without any), capped at 1.
 */
export function answerConfidence(input: {
  answer: string;
  documents: readonly { relevance_score?: number | undefined }[];
}): number {
  const scores = input.documents
    .map((doc) => doc.relevance_score)
    .filter((score): score is number => score !== undefined && Number.isFinite(score))
    .map((score) => Math.min(1, Math.max(0, score)));
  const mean = scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : 0;
  const value =
    ANSWER_CONFIDENCE.base +
    (input.documents.length > 0 ? ANSWER_CONFIDENCE.withDocuments : 0) +
    (input.answer.length > ANSWER_CONFIDENCE.longAnswerChars ? ANSWER_CONFIDENCE.longAnswer : 0) +
    ANSWER_CONFIDENCE.relevanceWeight * mean;
  return Math.min(1, Math.round(value * 1000) / 1000);
}
