/**
 * Text out of uploaded files. Chat attachments use it now; the knowledge feature extends it with more types.
 * Parsers are loaded on first use, so a server that never sees a PDF never loads one.
 */
export const NO_CONTENT_MESSAGE =
  'No content could be extracted from the file. Please check the file format or paste the content directly.';

/** Why extraction ended: `empty` (no content), `too_large`, `unsupported` (content does not match its type), `timeout`, `failed`. */
export type ExtractionErrorCode = 'empty' | 'too_large' | 'unsupported' | 'timeout' | 'failed';

export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;

  constructor(
    message: string,
    readonly empty = false,
    code?: ExtractionErrorCode,
  ) {
    super(message);
    this.name = 'ExtractionError';
    this.code = code ?? (empty ? 'empty' : 'failed');
  }
}

export type ExtractableType = 'txt' | 'pdf' | 'docx' | 'doc' | 'svg';

/** Collapses runs of spaces and of blank lines (spec §5 "cleaning"). */
export function cleanText(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function pdfText(data: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(data));
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

async function docxText(data: Buffer): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: data });
  return result.value;
}

/**
 * Legacy Word (.doc) is a binary format without a maintained parser on npm; its text is stored as runs of
 * 8-bit or UTF-16 characters, so the longest readable runs are taken. Best effort, never invented.
 */
function docText(data: Buffer): string {
  const runs = (text: string) =>
    (text.match(/[\p{L}\p{N}\p{P}\p{Zs}\t\n\r]{12,}/gu) ?? []).filter((run) => /\s/.test(run));
  const narrow = runs(data.toString('latin1'));
  const wide = runs(data.toString('utf16le'));
  const pick = wide.join('').length > narrow.join('').length ? wide : narrow;
  return pick.join('\n');
}

/** The readable text of a file; throws ExtractionError (empty=true) when there is none. */
export async function extractText(data: Buffer, type: ExtractableType): Promise<string> {
  let raw: string;
  try {
    if (type === 'pdf') raw = await pdfText(data);
    else if (type === 'docx') raw = await docxText(data);
    else if (type === 'doc') raw = docText(data);
    else raw = data.toString('utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ExtractionError(`Failed to extract text from file: ${reason}`);
  }
  const text = cleanText(raw);
  if (!text) throw new ExtractionError(NO_CONTENT_MESSAGE, true);
  return text;
}
