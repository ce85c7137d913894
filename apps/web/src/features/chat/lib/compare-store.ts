import type { CompareStreamEvent, Conversation, Message } from '@hearth/contract';
import { i18n } from '../../../lib/i18n';
import { createRepaintEmitter } from './repaint-emitter';

/** One model's answer in a comparison, as its column shows it. */
export interface CompareColumn {
  model: string;
  phase: 'streaming' | 'stopping' | 'done' | 'error';
  text: string;
  /** The saved answer (done), or the saved error message (error) when there is one. */
  message: Message | null;
  error: string | null;
}

/** One message sent to two or three models side by side (issue 17 Compare), until an answer is picked. */
export interface Comparison {
  key: string;
  conversationId: string | null;
  question: string;
  userMessage: Message | null;
  columns: CompareColumn[];
  /** The request was refused or the connection failed before any answer started. */
  failure: string | null;
}

interface CompareHooks {
  onConversation: (conversation: Conversation, isNew: boolean) => void;
  /** Each column's end (the saved answer or error), to put into the conversation's cache. */
  onAnswerEnd?: (conversationId: string) => void;
  describe: (error: unknown) => string;
}

const comparisons = new Map<string, Comparison>();
const { emit, emitSoon, subscribe } = createRepaintEmitter();

export const subscribeComparisons = subscribe;

export const getComparison = (key: string): Comparison | undefined => comparisons.get(key);

export const isComparing = (key: string): boolean =>
  comparisons.get(key)?.columns.some((column) => column.phase === 'streaming' || column.phase === 'stopping') ?? false;

function set(key: string, next: Comparison, soon = false): void {
  comparisons.set(key, next);
  if (soon) emitSoon();
  else emit();
}

function patchColumn(key: string, slot: number, patch: Partial<CompareColumn>, soon = false): void {
  const current = comparisons.get(key);
  if (!current) return;
  const columns = current.columns.map((column, index) => (index === slot ? { ...column, ...patch } : column));
  set(key, { ...current, columns }, soon);
}

/** Applies one event of the comparison's stream; returns the key it now lives under. */
function apply(key: string, event: CompareStreamEvent, hooks: CompareHooks): string {
  const current = comparisons.get(key);
  if (!current) return key;
  if (event.type === 'conversation') {
    const isNew = current.conversationId === null;
    const next = event.conversation.id;
    comparisons.delete(key);
    set(next, { ...current, key: next, conversationId: next });
    hooks.onConversation(event.conversation, isNew);
    return next;
  }
  if (event.type === 'user_message') {
    set(key, { ...current, userMessage: event.message });
    return key;
  }
  const inner = event.event;
  const column = current.columns[event.slot];
  if (!column) return key;
  if (inner.type === 'token') patchColumn(key, event.slot, { text: column.text + inner.text }, true);
  else if (inner.type === 'done') patchColumn(key, event.slot, { phase: 'done', message: inner.message });
  else if (inner.type === 'error') {
    patchColumn(key, event.slot, { phase: 'error', error: inner.message, message: inner.saved_message });
  }
  if ((inner.type === 'done' || inner.type === 'error') && current.conversationId) {
    hooks.onAnswerEnd?.(current.conversationId);
  }
  return key;
}

/**
 * Runs a comparison's stream outside React, so leaving the screen never cuts it off (the answers go on on the
 * server anyway). The columns stay until an answer is picked or the comparison is dismissed.
 */
export async function runComparison(
  key: string,
  initial: { conversationId: string | null; question: string; models: string[] },
  start: () => AsyncIterable<CompareStreamEvent>,
  hooks: CompareHooks,
): Promise<void> {
  const columns = initial.models.map((model): CompareColumn => ({
    model,
    phase: 'streaming',
    text: '',
    message: null,
    error: null,
  }));
  set(key, {
    key,
    conversationId: initial.conversationId,
    question: initial.question,
    userMessage: null,
    columns,
    failure: null,
  });
  let current = key;
  try {
    for await (const event of start()) current = apply(current, event, hooks);
  } catch (caught) {
    const comparison = comparisons.get(current);
    if (comparison && !comparison.userMessage) {
      set(current, { ...comparison, failure: hooks.describe(caught), columns: [] });
      return;
    }
  }
  // The stream ended: a column that never heard its end was cut off with the connection.
  const comparison = comparisons.get(current);
  if (!comparison) return;
  const columnsNow = comparison.columns.map((column) =>
    column.phase === 'streaming' || column.phase === 'stopping'
      ? {
          ...column,
          phase: 'error' as const,
          error: i18n.t('chat:compare.connectionLost'),
        }
      : column,
  );
  set(current, { ...comparison, columns: columnsNow });
}

export function markStopping(key: string, slot: number): void {
  patchColumn(key, slot, { phase: 'stopping' });
}

/** Forgets a comparison (an answer was picked, or it is dismissed). */
export function clearComparison(key: string): void {
  if (comparisons.delete(key)) emit();
}
