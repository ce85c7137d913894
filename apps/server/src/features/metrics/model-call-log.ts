import type { FastifyBaseLogger } from 'fastify';
import { currentRequestId } from '../../lib/request-context';
import { endSpan, SpanKind, type SpanStarter } from '../../lib/span';
import type { Metrics } from './metrics';

interface FinishedCall {
  runtime: string;
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
  ms: number;
}

/**
 * What the model registry reports of every chat call that finished: one log line naming the request it served
 * (the HTTP request, or the one that enqueued the job making the call), the tokens counted per runtime, and
 * with tracing on a span under the request or job.
 */
export function observeModelCalls(
  log: FastifyBaseLogger,
  metrics: Metrics,
  tracing?: SpanStarter,
): (call: FinishedCall) => void {
  return (call) => {
    log.info({ reqId: currentRequestId(), ...call }, 'model call finished');
    // Traced when it ended, with the time it took: a child of the request or job that made it.
    const span = tracing?.start(`model ${call.runtime}`, {
      kind: SpanKind.CLIENT,
      startTime: Date.now() - call.ms,
      attributes: {
        'gen_ai.system': call.runtime,
        'gen_ai.request.model': call.model,
        ...(call.promptTokens !== null ? { 'gen_ai.usage.input_tokens': call.promptTokens } : {}),
        ...(call.completionTokens !== null ? { 'gen_ai.usage.output_tokens': call.completionTokens } : {}),
      },
    });
    endSpan(span);
    metrics.modelCalls.inc({ runtime: call.runtime });
    if (call.completionTokens) metrics.tokensGenerated.inc({ runtime: call.runtime }, call.completionTokens);
  };
}
