/**
 * Documents for knowledge collections: text plus the structure chunking needs (pages, heading paths).
 * This is the interface the knowledge ingestion codes against; each format's extractor lives in extractors/.
 * Hostile input must end as an ExtractionError within the limits below — never a crash or a hang.
 */
import { extractCsv } from './extractors/csv';
import { extractDocx } from './extractors/docx';
import { extractHtml } from './extractors/html';
import { extractImage } from './extractors/image';
import { extractJson } from './extractors/json';
import { extractPdf } from './extractors/pdf';
import { extractPptx } from './extractors/pptx';
import { extractMarkdown, extractPlainText, extractXml } from './extractors/text';
import { extractXlsx } from './extractors/xlsx';
import { cleanText, ExtractionError, extractText, NO_CONTENT_MESSAGE } from './extract-text';
import { mismatch } from './sniff';
import type { Extractor, ExtractorResult } from './types';

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

const PREVIEW_CHARS = 500;

/** Legacy Word: the best-effort run reader from extract-text, behind an OLE2 signature check. */
const extractDoc: Extractor = async (data, { extension }) => {
  if (!data.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw mismatch(extension, 'a Word 97-2003 document is an OLE2 file');
  }
  return { sections: [{ text: await extractText(data, 'doc'), page: null, headingPath: [] }] };
};

/** Extension → [format, extractor]. Anything not listed is read as plain text when its bytes are text. */
const FORMATS: Record<string, [string, Extractor]> = {
  txt: ['txt', extractPlainText],
  text: ['txt', extractPlainText],
  md: ['md', extractMarkdown],
  markdown: ['md', extractMarkdown],
  json: ['json', extractJson],
  csv: ['csv', extractCsv],
  tsv: ['csv', extractCsv],
  html: ['html', extractHtml],
  htm: ['html', extractHtml],
  xml: ['xml', extractXml],
  svg: ['xml', extractXml],
  docx: ['docx', extractDocx],
  doc: ['doc', extractDoc],
  pdf: ['pdf', extractPdf],
  xlsx: ['xlsx', extractXlsx],
  pptx: ['pptx', extractPptx],
  png: ['image', extractImage],
  jpg: ['image', extractImage],
  jpeg: ['image', extractImage],
  gif: ['image', extractImage],
  webp: ['image', extractImage],
  bmp: ['image', extractImage],
};

/** Extension → detected format of every registered extractor (Workspace → Tools lists these). */
export const registeredFormats = (): Record<string, string> =>
  Object.fromEntries(Object.entries(FORMATS).map(([extension, [format]]) => [extension, format]));

export const extensionOf = (fileName: string) => /\.([^./\\]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';

function asExtractionError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  // Deep nesting in a parser shows up as a stack overflow; it is the file's fault, not the server's.
  if (error instanceof RangeError) return new ExtractionError('The file is nested too deeply to read.');
  return new ExtractionError(error instanceof Error ? error.message : String(error));
}

/** Runs the extractor under the time limit; on timeout the signal aborts so OCR workers are terminated. */
async function withTimeout(run: (signal: AbortSignal) => Promise<ExtractorResult>, timeoutMs: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ExtractionError(
        `Extraction took longer than ${Math.round(timeoutMs / 1000)} s.`,
        false,
        'timeout',
      );
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Cleaning that keeps indentation: line endings, trailing spaces and runs of blank lines only. */
const cleanVerbatim = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\s+$/g, '');

/** Cleans every section, drops empty ones and keeps at most `maxChars` characters in all. */
function finish(result: ExtractorResult, format: string, maxChars: number): ExtractedDocument {
  const sections: ExtractedSection[] = [];
  let budget = maxChars;
  for (const section of result.sections) {
    if (budget <= 0) break;
    const text = (result.verbatim ? cleanVerbatim : cleanText)(section.text).slice(0, budget);
    if (!text) continue;
    sections.push({ ...section, text });
    budget -= text.length + 2;
  }
  const text = sections.map((section) => section.text).join('\n\n');
  if (!text) throw new ExtractionError(NO_CONTENT_MESSAGE, true);
  return { text, sections, preview: result.preview ?? text.slice(0, PREVIEW_CHARS), format };
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
  const extension = extensionOf(fileName);
  const [format, extractor] = FORMATS[extension] ?? ['txt', extractPlainText];
  try {
    const result = await withTimeout(
      async (signal) => await extractor(data, { extension, limits, signal }),
      limits.timeoutMs,
    );
    return finish(result, format, limits.maxChars);
  } catch (error) {
    throw asExtractionError(error);
  }
}
