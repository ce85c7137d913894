import type { ChatStreamEvent, LiveAnswerEvent } from '@hearth/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../http/errors';
import type { AnswerDrafts } from './answer-drafts';
import type { ConversationRepository } from './conversation.repository';
import type { LiveAnswers } from './live-answers';
import type { MessageRepository } from './message.repository';

/** How often an answer written on another replica is read again (its writer saves every couple of seconds). */
const LIVE_POLL_MS = 1_000;

/** Following an answer: emits the text so far, then what follows, until `done`/`error` or the signal aborts. */
type LiveFollower = (emit: (event: LiveAnswerEvent) => void, signal: AbortSignal) => Promise<void>;

const isEnd = (event: ChatStreamEvent) => event.type === 'done' || event.type === 'error';

/**
 * Re-attaching to an answer being generated (issue 17). On the replica that runs it, the run itself is followed
 * in memory; on another replica (PostgreSQL, several replicas) the row it saves as it streams is read again
 * every second until its writer finishes it.
 */
export class LiveAnswerService {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly live: LiveAnswers,
    private readonly drafts: AnswerDrafts,
    private readonly pollMs = LIVE_POLL_MS,
  ) {}

  /**
   * The owner's conversation's answer being generated (`model`'s, when given: a comparison has one per model),
   * to follow; null when none is (404 for others).
   */
  async follow(userId: string, conversationId: string, model?: string): Promise<LiveFollower | null> {
    if (!(await this.conversations.findOwned(userId, conversationId))) throw AppError.notFound('Conversation');
    if (this.live.generating(userId, model).includes(conversationId)) {
      return (emit, signal) => this.followHere(userId, conversationId, emit, signal, model);
    }
    const draftId = await this.drafts.writing(userId, conversationId, model);
    if (!draftId) return null;
    return (emit, signal) => this.followRow(userId, conversationId, draftId, emit, signal);
  }

  /** Marks the conversations whose answer is being generated, here or on another replica. */
  async mark<T extends { id: string }>(userId: string, conversations: T[]): Promise<(T & { generating: boolean })[]> {
    const here = this.live.generating(userId);
    const elsewhere = conversations.length > 0 ? await this.drafts.writingConversations(userId) : [];
    const generating = new Set([...here, ...elsewhere]);
    return conversations.map((conversation) => ({ ...conversation, generating: generating.has(conversation.id) }));
  }

  private async followHere(
    userId: string,
    conversationId: string,
    emit: (event: LiveAnswerEvent) => void,
    signal: AbortSignal,
    model?: string,
  ): Promise<void> {
    let finish: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const follow = this.live.follow(
      userId,
      conversationId,
      (event) => {
        emit(event);
        if (isEnd(event)) finish();
      },
      model,
    );
    // It ended between the check and now: its row is finished, or was never written.
    if (!follow) {
      const draftId = await this.drafts.writing(userId, conversationId, model);
      if (draftId) await this.followRow(userId, conversationId, draftId, emit, signal);
      return;
    }
    for (const event of follow.replay) emit(event);
    signal.addEventListener('abort', finish, { once: true });
    await ended;
    follow.unsubscribe();
  }

  private async followRow(
    userId: string,
    conversationId: string,
    draftId: string,
    emit: (event: LiveAnswerEvent) => void,
    signal: AbortSignal,
  ): Promise<void> {
    let text: string | null = null;
    while (!signal.aborted) {
      // A writer that died (its replica gone) leaves the row unfinished: it is closed as interrupted here.
      await this.drafts.interruptAbandoned({ userId, conversationId });
      const message = await this.messages.find(userId, conversationId, draftId);
      if (!message) {
        emit({ type: 'error', code: 'not_found', message: 'The answer was removed.', saved_message: null });
        return;
      }
      if (text === null || !message.content.startsWith(text)) {
        emit({ type: 'snapshot', text: message.content, model: message.model });
      } else if (message.content.length > text.length) {
        emit({ type: 'token', text: message.content.slice(text.length) });
      }
      text = message.content;
      if (!message.metadata.writing) {
        emit({ type: 'done', message });
        return;
      }
      await sleep(this.pollMs, undefined, { signal }).catch(() => undefined);
    }
  }
}
