/**
 * Reading one file in this thread: dispatch to the format's extractor, clean, cap. It runs only inside an
 * extraction worker (extraction-worker.ts); everything else calls extractDocument, which sends the file there.
 */
import type { ExtractedDocument, ExtractedSection, ExtractionLimits } from './extract-document';
import { cleanText, ExtractionError, NO_CONTENT_MESSAGE, timeoutError } from './extract-text';
import { extractCsv } from './extractors/csv';
import { extractDoc } from './extractors/doc';
import { extractDocx } from './extractors/docx';
import { extractHtml } from './extractors/html';
import { extractImage } from './extractors/image';
import { extractJson } from './extractors/json';
import { extractPdf } from './extractors/pdf';
import { extractPptx } from './extractors/pptx';
import { extractMarkdown, extractPlainText, extractXml } from './extractors/text';
import { extractXlsx } from './extractors/xlsx';
import { type DocumentFormat, extensionOf, formatOf } from './formats';
import type { Extractor, ExtractorResult } from './types';

const EXTRACTORS: Record<DocumentFormat, Extractor> = {
  txt: extractPlainText,
  md: extractMarkdown,
  json: extractJson,
  csv: extractCsv,
  html: extractHtml,
  xml: extractXml,
  docx: extractDocx,
  doc: extractDoc,
  pdf: extractPdf,
  xlsx: extractXlsx,
  pptx: extractPptx,
  image: extractImage,
};

const PREVIEW_CHARS = 500;

export function asExtractionError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  // Deep nesting in a parser shows up as a stack overflow; it is the file's fault, not the server's.
  if (error instanceof RangeError) return new ExtractionError('The file is nested too deeply to read.');
  return new ExtractionError(error instanceof Error ? error.message : String(error));
}

/**
 * The time limit as seen from inside the worker: the signal aborts so cooperative extractors (PDF pages, OCR)
 * stop by themselves. Synchronous work cannot be interrupted here; the pool terminates the worker for that.
 */
async function withTimeout(run: (signal: AbortSignal) => Promise<ExtractorResult>, timeoutMs: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timeoutError(timeoutMs);
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
    .split('\n')
    .map((line) => line.trimEnd()) // not /[^\S\n]+$/gm nor /\s+$/: quadratic on a long run of spaces mid-line
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd();

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

/** The text and structure of one file, read in this thread. Throws ExtractionError only. */
export async function readDocument(
  data: Buffer,
  fileName: string,
  limits: ExtractionLimits,
): Promise<ExtractedDocument> {
  const extension = extensionOf(fileName);
  const format = formatOf(extension);
  try {
    const result = await withTimeout(
      async (signal) => await EXTRACTORS[format](data, { extension, limits, signal }),
      limits.timeoutMs,
    );
    return finish(result, format, limits.maxChars);
  } catch (error) {
    throw asExtractionError(error);
  }
}
