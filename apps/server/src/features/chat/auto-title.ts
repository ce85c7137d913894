import { CONVERSATION_UPDATED_EVENT } from '@hearth/contract';
import type { EventBus } from '../events';
import type { Logger } from './chat-runner';
import type { ConversationRepository } from './conversation.repository';
import type { MessageRepository } from './message.repository';
import type { ResolvedModel } from './model-gates';
import { runModel } from './model-call';
import { TITLE_MAX_TOKENS, titleRequest } from './prompts/title-prompt';
import type { UsageMeter } from './usage-meter';

/** A slow model must not hold anything up: the spec §4 title made from the question stays meanwhile. */
const TITLE_TIMEOUT_MS = 10_000;
const MAX_TITLE_CHARS = 80;

/** The model's reply as a title: its first line, without quotes, a "Title:" label or a trailing full stop. */
export function cleanTitle(text: string): string {
  const line = (text.trim().split('\n')[0] ?? '').trim();
  const bare = line
    .replace(/^title\s*:\s*/i, '')
    .replace(/^["'“”‘’*#\s]+/, '')
    .replace(/["'“”‘’*\s.!。]+$/, '')
    .trim();
  return bare.length > MAX_TITLE_CHARS ? `${bare.slice(0, MAX_TITLE_CHARS).trimEnd()}...` : bare;
}

/**
 * After a chat's first answer, the answering model names the chat (issue 17). It never overwrites a title the
 * person set (the repository checks), and when the model fails, is slow or says nothing, the title made from
 * the question (title.ts) simply stays. The new title reaches open sidebars as a `conversation.updated` event.
 */
export class AutoTitles {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly log: Logger,
    private readonly events?: EventBus,
  ) {}

  async afterAnswer(input: {
    userId: string;
    conversationId: string;
    question: string;
    answer: string;
    resolved: ResolvedModel;
    /** Counts the title's tokens for the user (no message). */
    meter?: UsageMeter;
  }): Promise<void> {
    const { userId, conversationId } = input;
    try {
      // Only the first exchange: the question and its answer.
      if ((await this.messages.count(userId, conversationId)) > 2 || !input.answer.trim()) return;
      const answer = await runModel(
        input.resolved.provider,
        {
          model: input.resolved.model.name,
          messages: titleRequest(input.question, input.answer),
          temperature: 0.2,
          maxTokens: TITLE_MAX_TOKENS,
          signal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
        },
        undefined,
        input.meter,
      );
      const title = answer.finishReason === 'aborted' ? '' : cleanTitle(answer.text);
      if (!title) return;
      if (!(await this.conversations.rename(userId, conversationId, title, undefined, false))) return;
      const conversation = await this.conversations.findOwned(userId, conversationId);
      if (!conversation) return;
      const { summary: _s, summary_message_count: _n, ...fields } = conversation;
      this.events?.publish(userId, { type: CONVERSATION_UPDATED_EVENT, conversation: fields });
    } catch (error) {
      this.log.warn({ err: error, conversationId }, 'automatic title failed; the title from the question stays');
    }
  }
}
