import { type TemporaryChatBody, TemporaryChatEvent } from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { readSse } from '../../../lib/sse';

/** POST /api/chat/temporary: the answer's events as they come; aborting the signal stops it. Nothing is saved. */
export async function* streamTemporaryChat(body: TemporaryChatBody, signal: AbortSignal) {
  const stream = await api.stream(apiPaths.sharing.temporaryChat, body, signal);
  for await (const message of readSse(stream)) {
    const event = TemporaryChatEvent.safeParse(JSON.parse(message.data));
    if (event.success) yield event.data;
  }
}
