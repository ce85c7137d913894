/**
 * Documents for knowledge collections: text plus the structure chunking needs (pages, heading paths).
 * This is the interface the knowledge ingestion codes against; each format's extractor lives beside it.
 * Hostile input must end as an ExtractionError within the limits below — never a crash or a hang.
 */
import { cleanText, ExtractionError, extractText } from './extract-text';

export interface ExtractionLimits {
  /** Largest input accepted, in bytes. */
  maxBytes: number;
  /** Most text kept after extraction, in characters (a bound for zip bombs and giant CSVs). */
  maxChars: number;
  /** Wall-clock limit for one file. */
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

const extensionOf = (fileName: string) => /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';

/** Plain-text and Office/PDF basics; the knowledge work replaces this with per-format extractors. */
export async function extractDocument(
  data: Buffer,
  fileName: string,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<ExtractedDocument> {
  if (data.length > limits.maxBytes) throw new ExtractionError('File is too large to extract');
  const extension = extensionOf(fileName);
  const type = extension === 'pdf' || extension === 'docx' || extension === 'doc' ? extension : 'txt';
  const text = cleanText(await extractText(data, type)).slice(0, limits.maxChars);
  return {
    text,
    sections: [{ text, page: null, headingPath: [] }],
    preview: text.slice(0, 500),
    format: extension || 'txt',
  };
}
