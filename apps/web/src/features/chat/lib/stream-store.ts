import type {
  Attachment,
  Conversation,
  IndexingCollection,
  LiveAnswerEvent,
  Message,
  ToolCallRecord,
} from '@hearth/contract';
import { createRepaintEmitter } from './repaint-emitter';

/** One answer being produced: what the screen shows until the result lands in the message cache. */
export interface LiveTurn {
  key: string;
  conversationId: string | null;
  phase: 'streaming' | 'stopping' | 'finished';
  /** The user's text as typed, shown until the server echoes the saved message. */
  pendingUser: { content: string; attachments: Attachment[] } | null;
  userMessage: Message | null;
  /** Tokens so far. */
  text: string;
  /** Tool calls of this answer so far (issue 20), each at its latest status. */
  toolCalls: ToolCallRecord[];
  context: { truncated: boolean; droppedMessages: number; indexing: IndexingCollection[] } | null;
  /**
   * Messages this turn takes off the shown path: an edit or a regeneration starts a new branch, and what it
   * replaces (kept on the server, one "‹ ›" away) leaves the thread at once.
   */
  removedIds: string[];
  /** What the end of the turn wrote to the cache, shown until the cache's copy renders. */
  committed: Message[];
}

export interface TurnResult {
  turn: LiveTurn;
  final: Message | null;
  error: { code: string; message: string; saved: Message | null } | null;
  /** The stream ended without done or error: stopped by the user, or the connection failed. */
  interrupted: { aborted: boolean; error: unknown } | null;
}

export interface TurnHooks {
  onConversation?: (conversation: Conversation, isNew: boolean) => void;
  /** Writes the outcome into the cache; returns the messages it wrote. */
  onFinish: (result: TurnResult) => Message[];
}

const turns = new Map<string, LiveTurn>();
const controllers = new Map<string, AbortController>();
const { emit, emitSoon, subscribe } = createRepaintEmitter();

export const subscribeTurns = subscribe;

export const getTurn = (key: string): LiveTurn | undefined => turns.get(key);

const update = (key: string, patch: Partial<LiveTurn>, soon = false): LiveTurn | undefined => {
  const current = turns.get(key);
  if (!current) return undefined;
  const next = { ...current, ...patch };
  turns.set(key, next);
  if (soon) emitSoon();
  else emit();
  return next;
};

function rekey(from: string, to: string): void {
  const turn = turns.get(from);
  const controller = controllers.get(from);
  if (!turn || from === to) return;
  turns.delete(from);
  controllers.delete(from);
  turns.set(to, { ...turn, key: to, conversationId: to });
  if (controller) controllers.set(to, controller);
}

function apply(key: string, event: LiveAnswerEvent, hooks: TurnHooks): string {
  const turn = turns.get(key);
  if (!turn) return key;
  switch (event.type) {
    case 'conversation': {
      const isNew = turn.conversationId === null;
      if (isNew) rekey(key, event.conversation.id);
      hooks.onConversation?.(event.conversation, isNew);
      emit();
      return event.conversation.id;
    }
    case 'user_message':
      update(key, { userMessage: event.message, pendingUser: null });
      return key;
    case 'context':
      update(key, {
        context: {
          truncated: event.truncated,
          droppedMessages: event.dropped_messages,
          indexing: event.indexing_collections ?? [],
        },
      });
      return key;
    case 'token':
      update(key, { text: turn.text + event.text }, true);
      return key;
    case 'tool_call': {
      const others = turn.toolCalls.filter((call) => call.id !== event.call.id);
      const index = turn.toolCalls.findIndex((call) => call.id === event.call.id);
      const toolCalls =
        index === -1 ? [...others, event.call] : turn.toolCalls.map((call, at) => (at === index ? event.call : call));
      update(key, { toolCalls });
      return key;
    }
    case 'snapshot':
      // Re-attached to an answer already being generated: the text so far.
      update(key, { text: event.text });
      return key;
    default:
      return key;
  }
}

/** True while an answer is streaming in this conversation (or for the draft key). */
export const isBusy = (key: string): boolean => turns.has(key) && turns.get(key)?.phase !== 'finished';

/**
 * Runs one answering stream outside React, so leaving the screen or a route change never cuts it off. The
 * outcome goes to hooks.onFinish; the live copy stays a moment longer so the view swaps without a blink.
 * `controller` is the one the stream was opened with, when it was opened before (re-attaching to an answer).
 */
export async function runTurn(
  key: string,
  initial: Pick<LiveTurn, 'conversationId' | 'pendingUser'> & Partial<Pick<LiveTurn, 'removedIds'>>,
  start: (signal: AbortSignal) => AsyncIterable<LiveAnswerEvent>,
  hooks: TurnHooks,
  controller = new AbortController(),
): Promise<void> {
  controllers.set(key, controller);
  turns.set(key, {
    key,
    phase: 'streaming',
    userMessage: null,
    text: '',
    toolCalls: [],
    context: null,
    removedIds: [],
    committed: [],
    ...initial,
  });
  emit();
  let current = key;
  let final: Message | null = null;
  let error: TurnResult['error'] = null;
  let interrupted: TurnResult['interrupted'] = null;
  try {
    for await (const event of start(controller.signal)) {
      if (event.type === 'done') final = event.message;
      else if (event.type === 'error') error = { code: event.code, message: event.message, saved: event.saved_message };
      else current = apply(current, event, hooks);
    }
    if (!final && !error) interrupted = { aborted: controller.signal.aborted, error: null };
  } catch (caught) {
    interrupted = { aborted: controller.signal.aborted, error: caught };
  }
  const turn = turns.get(current);
  controllers.delete(current);
  if (!turn) return;
  const committed = hooks.onFinish({ turn, final, error, interrupted });
  update(current, { phase: 'finished', committed });
  // A first send that failed before the conversation existed has no cache to live in: its messages stay on
  // the draft screen until the next send there, or a New Chat, clears them.
  if (turn.conversationId === null) return;
  setTimeout(() => clearTurn(current), 300);
}

/** Forgets a finished turn (its messages are in the cache, or it was a failed draft being dismissed). */
export function clearTurn(key: string): void {
  if (turns.get(key)?.phase !== 'finished') return;
  turns.delete(key);
  emit();
}

/**
 * Stop: ask the server to stop (it then ends the stream with the partial answer saved), and close the
 * connection anyway if that does not happen quickly — closing it also stops generation upstream.
 */
export function stopTurn(key: string, askServer: (conversationId: string) => Promise<unknown>): void {
  const turn = update(key, { phase: 'stopping' });
  const controller = controllers.get(key);
  if (!turn || !controller) return;
  if (!turn.conversationId) {
    controller.abort();
    return;
  }
  const abort = () => controller.abort();
  const timer = setTimeout(abort, 2000);
  askServer(turn.conversationId).catch(() => {
    clearTimeout(timer);
    abort();
  });
}
