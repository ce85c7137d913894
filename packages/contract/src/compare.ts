import { z } from 'zod';
import { ChatStreamEvent, Conversation, Message, RegenerateBody } from './chat';
import { MAX_LIVE_ANSWERS_PER_USER } from './live-answers';

/** Compare (issue 17): one message answered by this many models at most, side by side (and at least two). */
export const MAX_COMPARE_MODELS = 3;
export const COMPARE_DISTINCT_MODELS_MESSAGE = 'Pick different models to compare.';

export const CompareModel = z.object({
  model: z.string().trim().min(1).max(300),
  provider_id: z.string().max(200).optional(),
});
export type CompareModel = z.infer<typeof CompareModel>;

/**
 * POST /api/chat/compare: sends one message (to a new chat, or the end of the shown path of `conversation_id`)
 * and answers it with each model. The answers are sibling messages under it; none is chosen until
 * POST /api/conversations/:id/compare/pick.
 */
export const CompareBody = RegenerateBody.omit({ model: true, provider_id: true })
  .extend({
    conversation_id: z.uuid().optional(),
    content: z.string().trim().min(1).max(100_000),
    models: z.array(CompareModel).min(2).max(Math.min(MAX_COMPARE_MODELS, MAX_LIVE_ANSWERS_PER_USER)),
    /** On the first send only: the new chat starts with this preset's settings. */
    preset_id: z.uuid().optional(),
  })
  .refine(
    (body) =>
      new Set(body.models.map((entry) => `${entry.provider_id ?? ''}\n${entry.model}`)).size === body.models.length,
    { message: COMPARE_DISTINCT_MODELS_MESSAGE, path: ['models'] },
  );
export type CompareBody = z.input<typeof CompareBody>;

/**
 * Server-sent events of POST /api/chat/compare (`event: <type>` + `data: <json>`): `conversation`,
 * `user_message`, then each answer's own events (context, token…, done or error) wrapped in `answer` with its
 * `slot` (its index in `models`) and model, interleaved as they come. The stream ends when every answer has.
 */
export const CompareStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('conversation'), conversation: Conversation }),
  z.object({ type: z.literal('user_message'), message: Message }),
  z.object({
    type: z.literal('answer'),
    slot: z
      .number()
      .int()
      .min(0)
      .max(MAX_COMPARE_MODELS - 1),
    model: z.string(),
    event: ChatStreamEvent,
  }),
]);
export type CompareStreamEvent = z.infer<typeof CompareStreamEvent>;

/** POST /api/conversations/:id/compare/pick: continue from this answer (it becomes the end of the shown path). */
export const PickAnswerBody = z.object({ message_id: z.uuid() });
export type PickAnswerBody = z.infer<typeof PickAnswerBody>;

/** The shown path's new end, and the chat's model now (the chosen answer's). */
export const PickAnswerResponse = z.object({ active_leaf_id: z.string(), model: z.string().nullable() });
export type PickAnswerResponse = z.infer<typeof PickAnswerResponse>;

/** POST /api/conversations/:id/compare/stop: stops only this model's answer in the conversation. */
export const StopAnswerBody = z.object({ model: z.string().trim().min(1).max(300) });
export type StopAnswerBody = z.infer<typeof StopAnswerBody>;

/** GET /api/conversations/:id/live?model=: follow that model's answer (a comparison has several at once). */
export const LiveAnswerQuery = z.object({ model: z.string().trim().min(1).max(300).optional() });
export type LiveAnswerQuery = z.infer<typeof LiveAnswerQuery>;
