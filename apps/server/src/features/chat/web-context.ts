import type { UsedDocument } from '@hearth/contract';

/** What one answer got from the web (issue 20): the queries sent, and the results read as numbered sources. */
export interface WebLookup {
  queries: string[];
  documents: UsedDocument[];
  /** The search was asked for but failed: the model is told, so the answer does not pretend it searched. */
  failed: boolean;
}

/**
 * The hook through which chat searches the web; the web-search feature provides it. It answers null when no
 * provider is configured: then nothing is searched and nothing is claimed.
 */
export interface ChatWebSearch {
  forQuestion(input: { userId: string; question: string; signal: AbortSignal }): Promise<WebLookup | null>;
}
