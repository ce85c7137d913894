import { create } from 'content-disposition';

/**
 * The Content-Disposition header of a file we send: a download (`attachment`) or shown in place (`inline`).
 * The content-disposition package writes the name as RFC 6266 asks: quoted only when needed, with an ISO-8859-1
 * fallback and the exact name in RFC 8187 `filename*` when it has other characters.
 */
export const contentDisposition = (fileName: string, type: 'attachment' | 'inline' = 'attachment'): string =>
  create(fileName, { type });
