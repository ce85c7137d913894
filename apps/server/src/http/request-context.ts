import type { FastifyInstance } from 'fastify';
import { withRequestId } from '../lib/request-context';

/**
 * Handlers run inside their request's context (lib/request-context.ts), so the jobs they enqueue and the model
 * calls they start, even after the reply (a streamed answer), log the request's id. Entered at preValidation,
 * once the body is read: the body's stream callbacks would otherwise run outside it.
 */
export function registerRequestContext(server: FastifyInstance): void {
  server.addHook('preValidation', (request, _reply, done) => withRequestId(request.id, done));
}
