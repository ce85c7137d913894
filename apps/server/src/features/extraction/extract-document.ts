/**
 * Documents for knowledge collections, chat attachments and upload previews: text plus the structure chunking
 * needs (pages, heading paths). This is the one extraction path; each format's extractor lives in extractors/ and
 * runs in a worker thread (extraction-pool.ts), never on the main thread.
 * Hostile input must end as an ExtractionError within the limits below — never a crash or a hang.
 */
import { ExtractionError } from './extract-text';
import { extractionPool } from './extraction-pool';

export { extensionOf, registeredFormats } from './formats';

export interface ExtractionLimits {
  /** Largest input accepted, in bytes. */
  maxBytes: number;
  /** Most text kept after extraction, in characters (a bound for zip bombs and giant CSVs). */
  maxChars: number;
  /** Wall-clock limit for one file, from when a worker takes it; the worker is stopped when it passes. */
  timeoutMs: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxBytes: 10_485_760,
  maxChars: 5_000_000,
  timeoutMs: 60_000,
};

export interface ExtractedSection {
  text: string;
  /** 1-based page number for paged formats (PDF, slides), else null. */
  page: number | null;
  /** Headings above this section, outermost first ([] when the format has none). */
  headingPath: string[];
}

export interface ExtractedDocument {
  /** The whole cleaned text (what `content` of a knowledge document holds). */
  text: string;
  sections: ExtractedSection[];
  /** A short human-readable preview (CSV: headers + first 10 rows + '... and N more rows'). */
  preview: string;
  /** The detected format, e.g. 'txt', 'md', 'pdf', 'csv'. */
  format: string;
}

/**
 * The text and structure of one file. Dispatches by extension and checks the content matches it.
 * Throws ExtractionError: `empty` (code 'empty') when there is no content, otherwise a reason to show.
 */
export async function extractDocument(
  data: Buffer,
  fileName: string,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<ExtractedDocument> {
  if (data.length > limits.maxBytes) {
    throw new ExtractionError(`File is too large to extract (over ${limits.maxBytes} bytes).`, false, 'too_large');
  }
  return await extractionPool.extract(data, fileName, limits);
}
