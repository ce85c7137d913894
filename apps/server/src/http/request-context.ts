import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withRequestContext } from '../lib/request-context';
import { endSpan, SpanKind, type SpanStarter } from '../lib/span';

/**
 * Handlers run inside their request's context (lib/request-context.ts), so the jobs they enqueue and the model
 * calls they start, even after the reply (a streamed answer), log the request's id, and with tracing on are
 * traced under the request's span. Entered at preValidation, once the body is read: the body's stream
 * callbacks would otherwise run outside it.
 */
export function registerRequestContext(server: FastifyInstance, tracing?: SpanStarter): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  if (tracing) {
    server.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const span = tracing.start(`${request.method} ${route}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, 'hearth.request_id': request.id },
      });
      if (span) spans.set(request, span);
      done();
    });
    server.addHook('onResponse', (request, reply, done) => {
      const span = spans.get(request);
      span?.setAttribute('http.response.status_code', reply.statusCode);
      endSpan(span, reply.statusCode >= 500 ? new Error(`HTTP ${reply.statusCode}`) : undefined);
      done();
    });
  }
  server.addHook('preValidation', (request, _reply, done) =>
    withRequestContext({ requestId: request.id, span: spans.get(request) }, done),
  );
}
