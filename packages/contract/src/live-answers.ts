import { z } from 'zod';
import { ChatStreamEvent } from './chat';

/**
 * Answers keep generating on the server when the client goes away (issue 17); only Stop stops them. A user may
 * have this many answers being generated at once (a send beyond it is refused: 429 `rate_limited`).
 */
export const MAX_LIVE_ANSWERS_PER_USER = 3;

/** The message of that refusal. */
export const LIVE_ANSWERS_LIMIT_MESSAGE = `You already have ${MAX_LIVE_ANSWERS_PER_USER} answers being written. Wait for one to finish or stop one, then try again.`;

/**
 * GET /api/conversations/:id/live (text/event-stream, `event: <type>` + `data: <json>`): first `snapshot`, the
 * answer written so far, then the answer's own events as they come (`context`, `token`…) and `done` or `error`.
 */
export const LiveSnapshotEvent = z.object({
  type: z.literal('snapshot'),
  /** The answer's text so far (may be empty when the model has not started yet). */
  text: z.string(),
  /** The model answering. */
  model: z.string().nullable(),
});
export const LiveAnswerEvent = z.discriminatedUnion('type', [LiveSnapshotEvent, ...ChatStreamEvent.options]);
export type LiveAnswerEvent = z.infer<typeof LiveAnswerEvent>;

/** GET /api/events: an answer started (`generating: true`) or ended in one of the user's conversations. */
export const CHAT_GENERATION_EVENT = 'chat.generation';
export const ChatGenerationEvent = z.object({
  type: z.literal(CHAT_GENERATION_EVENT),
  conversation_id: z.string(),
  generating: z.boolean(),
});
export type ChatGenerationEvent = z.infer<typeof ChatGenerationEvent>;
