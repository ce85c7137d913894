import { ChatStreamEvent } from '@hearth/contract';
import { api } from '../../../lib/api-client';
import { readSse } from '../../../lib/sse';

export type ChatStream = AsyncGenerator<ChatStreamEvent>;

/** POSTs to one of the answering endpoints and yields its validated server-sent events. */
export async function* chatEvents(path: string, body: unknown, signal: AbortSignal): ChatStream {
  const stream = await api.stream(path, body, signal);
  for await (const message of readSse(stream)) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      continue;
    }
    if (typeof data !== 'object' || data === null) continue;
    // The event name is the discriminator; the data may or may not repeat it.
    const parsed = ChatStreamEvent.safeParse({ ...data, type: message.event });
    if (parsed.success) yield parsed.data;
  }
}
