import type { FastifyBaseLogger } from 'fastify';
import { currentRequestId } from '../../lib/request-context';
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
 * (the HTTP request, or the one that enqueued the job making the call), and the tokens counted per runtime.
 */
export function observeModelCalls(log: FastifyBaseLogger, metrics: Metrics): (call: FinishedCall) => void {
  return (call) => {
    log.info({ reqId: currentRequestId(), ...call }, 'model call finished');
    metrics.modelCalls.inc({ runtime: call.runtime });
    if (call.completionTokens) metrics.tokensGenerated.inc({ runtime: call.runtime }, call.completionTokens);
  };
}
