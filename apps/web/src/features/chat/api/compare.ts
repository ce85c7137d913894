import {
  type CompareBody,
  CompareStreamEvent,
  type PickAnswerResponse,
  type StopAnswerBody,
  type StopResponse,
} from '@hearth/contract';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { readSse } from '../../../lib/sse';

/** POST /api/chat/compare: saves the message, then streams every model's answer (tagged with its slot). */
export async function* compareEvents(body: CompareBody): AsyncGenerator<CompareStreamEvent> {
  // Never aborted: leaving the screen keeps the columns filling (the answers go on on the server anyway).
  for await (const message of readSse(await api.stream(apiPaths.chat.compare, body))) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      continue;
    }
    if (typeof data !== 'object' || data === null) continue;
    const parsed = CompareStreamEvent.safeParse({ ...data, type: message.event });
    if (parsed.success) yield parsed.data;
  }
}

/** Continue the chat from this answer; the other answers stay one "‹ ›" away. */
export const pickAnswer = (conversationId: string, messageId: string): Promise<PickAnswerResponse> =>
  api.post<PickAnswerResponse>(apiPaths.conversations.comparePick(conversationId), { message_id: messageId });

/** Stops one model's answer; the comparison's others go on. */
export const stopAnswer = (conversationId: string, model: string): Promise<StopResponse> =>
  api.post<StopResponse>(apiPaths.conversations.compareStop(conversationId), { model } satisfies StopAnswerBody);
