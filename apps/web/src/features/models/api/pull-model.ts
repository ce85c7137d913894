import { PullDone, PullError, PullProgress, type PullBody } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { readSse } from '../../../lib/sse';
import { invalidateModelQueries } from './invalidate';

/** Pulls an Ollama model, reporting each progress event; resolves when the runtime has it. */
export async function pullModel(
  body: PullBody,
  onProgress: (progress: PullProgress) => void,
  signal?: AbortSignal,
): Promise<PullDone> {
  const stream = await api.stream(apiPaths.models.pull, body, signal);
  for await (const message of readSse(stream)) {
    const data: unknown = JSON.parse(message.data);
    if (message.event === 'progress') onProgress(PullProgress.parse(data));
    if (message.event === 'done') return PullDone.parse(data);
    if (message.event === 'error') {
      const failure = PullError.parse(data);
      throw new ApiError({ status: 200, code: failure.code, message: failure.message });
    }
  }
  throw new ApiError({ status: 0, code: 'stream_ended', message: i18n.t('models:pull.streamEnded') });
}

export type PullState =
  | { phase: 'idle' }
  | { phase: 'pulling'; name: string; progress: PullProgress | null }
  | { phase: 'done'; name: string }
  | { phase: 'error'; name: string; message: string }
  | { phase: 'cancelled'; name: string };

/** One pull at a time with live progress; Cancel closes the stream, which stops the pull on the server. */
export function usePullModel() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PullState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (body: PullBody) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'pulling', name: body.name, progress: null });
      try {
        await pullModel(body, (progress) => setState({ phase: 'pulling', name: body.name, progress }), current.signal);
        setState({ phase: 'done', name: body.name });
        await invalidateModelQueries(queryClient);
      } catch (error) {
        if (current.signal.aborted) setState({ phase: 'cancelled', name: body.name });
        else setState({ phase: 'error', name: body.name, message: errorMessage(error) });
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, cancel, reset };
}
