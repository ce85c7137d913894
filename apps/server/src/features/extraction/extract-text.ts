/**
 * The error every extraction ends with when it yields no text, and the cleaning shared by the extractors.
 * Extraction itself is extractDocument (extract-document.ts), the one path for every upload.
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

/** The one message a file that runs out of time ends with, in the worker or at the pool's hard deadline. */
export const timeoutError = (timeoutMs: number) =>
  new ExtractionError(`Extraction took longer than ${Math.round(timeoutMs / 1000)} s.`, false, 'timeout');

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
