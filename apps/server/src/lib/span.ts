import { type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';

/** What starts a trace span (features/metrics/tracing.ts); undefined while tracing is off. */
export interface SpanStarter {
  start(
    name: string,
    options: { kind?: SpanKind; startTime?: number; attributes?: Record<string, string | number> },
  ): Span | undefined;
}

/** Ends a span with its outcome: an error marks it failed and records the exception. */
export function endSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  }
  span.end();
}

export { SpanKind };
