import { ROOT_CONTEXT, type Tracer, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { currentSpan } from '../../lib/request-context';
import type { SpanStarter } from '../../lib/span';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector: a span per HTTP request, per
 * job and per model call, the model calls children of the request or job that made them. The provider is this
 * server's own (not the process-global one), so several servers in one process (tests) keep apart; parents are
 * carried by the request context (lib/request-context.ts), not by a global context manager.
 */
export class Tracing implements SpanStarter {
  readonly tracer: Tracer | null;
  private readonly provider: BasicTracerProvider | null;

  constructor(options: { endpoint?: string; serviceName: string; version: string }) {
    if (!options.endpoint) {
      this.tracer = null;
      this.provider = null;
      return;
    }
    const url = `${options.endpoint.replace(/\/+$/, '')}/v1/traces`;
    this.provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': options.serviceName, 'service.version': options.version }),
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url, timeoutMillis: 10_000 }))],
    });
    this.tracer = this.provider.getTracer('hearth', options.version);
  }

  /** Starts a span under the request or job running now (or a new trace outside any). */
  start(name: string, options: Parameters<SpanStarter['start']>[1]) {
    if (!this.tracer) return undefined;
    const parent = currentSpan();
    const context = parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
    return this.tracer.startSpan(name, options, context);
  }

  /** Sends what is buffered and stops (the server's close). */
  async shutdown(): Promise<void> {
    await this.provider?.shutdown();
  }
}
