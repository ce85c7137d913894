import { AppError } from '../../http/errors';

/** A position in a list ordered by (timestamp, id): opaque to clients, stable under inserts. */
export interface Cursor {
  at: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined) return undefined;
  const [at, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!at || !id || extra !== undefined || Number.isNaN(Date.parse(at))) {
    throw AppError.badRequest('Invalid cursor');
  }
  return { at, id };
}
