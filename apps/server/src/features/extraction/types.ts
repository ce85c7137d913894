import type { ExtractedSection, ExtractionLimits } from './extract-document';

/** What a per-format extractor returns; the dispatcher cleans, joins and caps it. */
export interface ExtractorResult {
  sections: ExtractedSection[];
  /** Format-specific preview (CSV); otherwise the start of the text is used. */
  preview?: string;
  /** Keep indentation (pretty-printed JSON, source code): only line endings and blank-line runs are cleaned. */
  verbatim?: boolean;
}

export interface ExtractorContext {
  extension: string;
  limits: ExtractionLimits;
  /** Aborted when the time limit passes; long-running extractors (OCR) stop their work on it. */
  signal: AbortSignal;
}

export type Extractor = (data: Buffer, context: ExtractorContext) => Promise<ExtractorResult> | ExtractorResult;

export const section = (text: string, page: number | null = null, headingPath: string[] = []): ExtractedSection => ({
  text,
  page,
  headingPath,
});
