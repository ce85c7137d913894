import { runModel } from '../../chat';
import type { ModelProvider } from '../../models';

/** A resolved model that advanced search may ask for expansions and relevance scores. */
export interface ModelHandle {
  provider: ModelProvider;
  model: string;
}

export interface AskOptions {
  system: string;
  prompt: string;
  signal?: AbortSignal;
  timeoutMs: number;
  maxTokens: number;
}

/** One short non-streaming model call, bounded in time and length; throws when it fails or runs out of time. */
export async function askModel(handle: ModelHandle, options: AskOptions): Promise<string> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const answer = await runModel(handle.provider, {
    model: handle.model,
    messages: [
      { role: 'system', content: options.system },
      { role: 'user', content: options.prompt },
    ],
    temperature: 0,
    maxTokens: options.maxTokens,
    signal,
  });
  if (answer.finishReason === 'aborted') {
    throw new Error(timeout.aborted ? `no answer within ${options.timeoutMs} ms` : 'stopped');
  }
  return answer.text;
}
