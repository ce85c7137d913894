import { apiPaths } from '../../../config/paths';
import { liveEvents, type LiveStream } from '../lib/chat-events';

/**
 * GET /api/conversations/:id/live: re-attaches to the answer being generated in a conversation (started in
 * another tab or device, or before a reload); null when none is.
 */
export const followLiveAnswer = (conversationId: string, signal: AbortSignal): Promise<LiveStream | null> =>
  liveEvents(apiPaths.conversations.live(conversationId), signal);
