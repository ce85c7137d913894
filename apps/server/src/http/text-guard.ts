import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const NUL = '\u0000';
/** Deeper than any request body the API takes; what lies below is left alone (validation refuses it anyway). */
const MAX_DEPTH = 64;

/** Removes NUL from every string of a parsed JSON body, in place. */
function stripNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes(NUL) ? value.replaceAll(NUL, '') : value;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const cleaned = stripNul(record[key], depth + 1);
    // A key with NUL is left as it is: no schema names one, so validation refuses or drops it.
    if (cleaned !== record[key]) record[key] = cleaned;
  }
  return value;
}

const hasNul = (values: unknown) =>
  typeof values === 'object' &&
  values !== null &&
  Object.values(values).some((value) => typeof value === 'string' && value.includes(NUL));

/**
 * NUL characters are handled in one place for every route: PostgreSQL cannot store them in text (a 500 there)
 * while SQLite would keep them, so both databases must see the same input. In JSON bodies they carry no meaning
 * and are removed; in ids and query parameters they can only be a probe, so those answer 400. File names in
 * multipart uploads are cleaned by lib/file-name.ts.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query)) {
      throw AppError.badRequest('The address may not contain NUL characters (%00).');
    }
    stripNul(request.body);
  });
}
