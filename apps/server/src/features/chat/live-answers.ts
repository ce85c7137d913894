import { CHAT_GENERATION_EVENT, type ChatStreamEvent, type LiveAnswerEvent } from '@hearth/contract';
import type { EventBus } from '../events';

type Listener = (event: ChatStreamEvent) => void;

interface Feed {
  userId: string;
  model: string;
  text: string;
  /** The last `context` event, replayed to a follower that comes later. */
  context: ChatStreamEvent | null;
  listeners: Set<Listener>;
}

/** What a run does with its feed: every event it emits, then close (always, once). */
interface LiveFeed {
  push(event: ChatStreamEvent): void;
  close(): void;
}

/** A follower of a run on this replica: the replay so far, then `listener` gets the rest until `done`/`error`. */
interface LocalFollow {
  replay: LiveAnswerEvent[];
  unsubscribe(): void;
}

/**
 * The answers being generated on this replica, by conversation, so a client that comes back (another tab, a
 * reload, another device) can re-attach (issue 17): it gets the text so far, then follows the same run. Each
 * start and end is published to the user's event stream (`chat.generation`), which the sidebar's live indicator
 * listens to on every replica.
 */
export class LiveAnswers {
  /** By conversation: usually one run, several while a comparison answers with each model (newest last). */
  private readonly feeds = new Map<string, Feed[]>();

  constructor(private readonly events?: Pick<EventBus, 'publish'>) {}

  /** Answers generating on this replica now (the metrics' active streams). */
  get running(): number {
    let count = 0;
    for (const runs of this.feeds.values()) count += runs.length;
    return count;
  }

  open(userId: string, conversationId: string, model: string): LiveFeed {
    const feed: Feed = { userId, model, text: '', context: null, listeners: new Set() };
    const running = this.feeds.get(conversationId) ?? [];
    this.feeds.set(conversationId, [...running, feed]);
    if (running.length === 0) this.announce(userId, conversationId, true);
    let closed = false;
    return {
      push: (event) => {
        if (closed) return;
        if (event.type === 'token') feed.text += event.text;
        else if (event.type === 'context') feed.context = event;
        for (const listener of feed.listeners) deliver(listener, event);
      },
      close: () => {
        if (closed) return;
        closed = true;
        feed.listeners.clear();
        // The conversation's other runs (another answer of a comparison, a regeneration from another tab) go on.
        const rest = (this.feeds.get(conversationId) ?? []).filter((other) => other !== feed);
        if (rest.length > 0) {
          this.feeds.set(conversationId, rest);
          return;
        }
        this.feeds.delete(conversationId);
        this.announce(userId, conversationId, false);
      },
    };
  }

  /**
   * Follows the conversation's newest run on this replica (`model`'s, when given); null when none runs here (or
   * it is another user's).
   */
  follow(userId: string, conversationId: string, listener: Listener, model?: string): LocalFollow | null {
    const feed = (this.feeds.get(conversationId) ?? []).findLast(
      (candidate) => model === undefined || candidate.model === model,
    );
    if (!feed || feed.userId !== userId) return null;
    feed.listeners.add(listener);
    const replay: LiveAnswerEvent[] = [{ type: 'snapshot', text: feed.text, model: feed.model }];
    if (feed.context) replay.push(feed.context);
    return { replay, unsubscribe: () => feed.listeners.delete(listener) };
  }

  /** The user's conversations with an answer being generated on this replica (`model`'s, when given). */
  generating(userId: string, model?: string): string[] {
    return [...this.feeds].flatMap(([conversationId, feeds]) =>
      feeds.some((feed) => feed.userId === userId && (model === undefined || feed.model === model))
        ? [conversationId]
        : [],
    );
  }

  private announce(userId: string, conversationId: string, generating: boolean): void {
    this.events?.publish(userId, { type: CHAT_GENERATION_EVENT, conversation_id: conversationId, generating });
  }
}

/** One follower whose connection broke must not stop the run or the other followers. */
function deliver(listener: Listener, event: ChatStreamEvent): void {
  try {
    listener(event);
  } catch {
    // its stream is closing; the route unsubscribes it
  }
}
