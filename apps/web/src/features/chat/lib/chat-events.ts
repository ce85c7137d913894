import { ChatStreamEvent, LiveAnswerEvent } from '@hearth/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { readSse } from '../../../lib/sse';

export type ChatStream = AsyncGenerator<ChatStreamEvent>;
/** Following an answer already being generated: a snapshot of the text so far, then the answer's events. */
export type LiveStream = AsyncGenerator<LiveAnswerEvent>;

/** Yields the validated server-sent events of an open event-stream body. */
async function* parsedEvents<T>(body: ReadableStream<Uint8Array>, schema: z.ZodType<T>): AsyncGenerator<T> {
  for await (const message of readSse(body)) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      continue;
    }
    if (typeof data !== 'object' || data === null) continue;
    // The event name is the discriminator; the data may or may not repeat it.
    const parsed = schema.safeParse({ ...data, type: message.event });
    if (parsed.success) yield parsed.data;
  }
}

/** POSTs to one of the answering endpoints and yields its validated server-sent events. */
export async function* chatEvents(path: string, body: unknown, signal: AbortSignal): ChatStream {
  yield* parsedEvents(await api.stream(path, body, signal), ChatStreamEvent);
}

/** GET .../live: the answer being generated, or null when there is none (204). */
export async function liveEvents(path: string, signal: AbortSignal): Promise<LiveStream | null> {
  const body = await api.follow(path, signal);
  return body ? parsedEvents(body, LiveAnswerEvent) : null;
}
