import { describe, expect, it } from 'vitest';
import type { LiveTurn } from './stream-store';
import { message } from './test-messages';
import { buildThread, canRegenerate, lastEditableMessage, replacedBy } from './thread';

const turn = (patch: Partial<LiveTurn>): LiveTurn => ({
  key: 'c1',
  conversationId: 'c1',
  phase: 'streaming',
  pendingUser: null,
  userMessage: null,
  text: '',
  toolCalls: [],
  context: null,
  removedIds: [],
  committed: [],
  ...patch,
});

const kinds = (items: ReturnType<typeof buildThread>) =>
  items.map((item) => (item.kind === 'message' ? `${item.message.type}:${item.message.content}` : item.kind));

describe('buildThread', () => {
  const saved = [message('u1', 'user', 'hi'), message('a1', 'assistant', 'hello')];

  it('is the saved messages when nothing is streaming', () => {
    expect(kinds(buildThread(saved, undefined))).toEqual(['user:hi', 'assistant:hello']);
  });

  it('shows the typed message, then the server copy, and the answer as it streams', () => {
    const typed = buildThread(saved, turn({ pendingUser: { content: 'more', attachments: [] } }));
    expect(kinds(typed)).toEqual(['user:hi', 'assistant:hello', 'pending-user', 'streaming']);
    const echoed = buildThread(saved, turn({ userMessage: message('u2', 'user', 'more'), text: 'So' }));
    expect(kinds(echoed)).toEqual(['user:hi', 'assistant:hello', 'user:more', 'streaming']);
    expect(echoed.at(-1)).toMatchObject({ kind: 'streaming', text: 'So' });
  });

  it('hides the answer being regenerated and shows an edited message with its new text', () => {
    const regenerating = buildThread(saved, turn({ removedIds: ['a1'] }));
    expect(kinds(regenerating)).toEqual(['user:hi', 'streaming']);
    const editing = buildThread(saved, turn({ removedIds: ['a1'], userMessage: message('u1', 'user', 'hey') }));
    expect(kinds(editing)).toEqual(['user:hey', 'streaming']);
  });

  it('keeps showing what a finished turn wrote until the cache renders it, without duplicates', () => {
    const committed = [message('u2', 'user', 'more'), message('a2', 'assistant', 'done')];
    const finished = turn({ phase: 'finished', committed });
    expect(kinds(buildThread(saved, finished))).toEqual(['user:hi', 'assistant:hello', 'user:more', 'assistant:done']);
    expect(kinds(buildThread([...saved, ...committed], finished))).toHaveLength(4);
  });

  it('shows an answer saved while it streams only as the live text, then as the finished message', () => {
    const draft = { ...message('a2', 'assistant', 'Par'), metadata: { writing: true } };
    const question = message('u2', 'user', 'more');
    const streaming = buildThread([...saved, question, draft], turn({ userMessage: question, text: 'Partial' }));
    expect(kinds(streaming)).toEqual(['user:hi', 'assistant:hello', 'user:more', 'streaming']);
    const finished = turn({ phase: 'finished', committed: [question, message('a2', 'assistant', 'Partial answer')] });
    expect(kinds(buildThread([...saved, question, draft], finished))).toEqual([
      'user:hi',
      'assistant:hello',
      'user:more',
      'assistant:Partial answer',
    ]);
    // Another tab, with nothing streaming, shows what was written so far.
    expect(kinds(buildThread([...saved, question, draft], undefined)).at(-1)).toBe('assistant:Par');
  });

  it('passes on the context note and the collections still indexing while streaming', () => {
    const indexing = [{ collection_id: 'k1', collection_name: 'Contracts', pending: 1 }];
    const items = buildThread([], turn({ context: { truncated: true, droppedMessages: 3, indexing } }));
    expect(items.at(-1)).toMatchObject({ kind: 'streaming', truncated: { droppedMessages: 3 }, indexing });
  });
});

describe('canRegenerate', () => {
  it('allows only the last answer or error that follows a user message', () => {
    const items = buildThread(
      [message('u1', 'user'), message('a1', 'assistant'), message('u2', 'user'), message('s1', 'system')],
      undefined,
    );
    expect(items.map((_, index) => canRegenerate(items, index))).toEqual([false, false, false, true]);
    const lone = buildThread([message('a0', 'assistant')], undefined);
    expect(canRegenerate(lone, 0)).toBe(false);
    const unsaved = buildThread([message('u1', 'user'), message('local-1', 'system')], undefined);
    expect(canRegenerate(unsaved, 1)).toBe(false);
  });
});

describe('branching helpers', () => {
  const saved = [message('u1', 'user'), message('a1', 'assistant'), message('u2', 'user'), message('e1', 'system')];
  const items = (list: ReturnType<typeof message>[]) => buildThread(list, undefined);

  it('a regeneration replaces what follows the last user message; an edit the message and what follows', () => {
    expect(replacedBy(saved, null)).toEqual(['e1']);
    expect(replacedBy(saved, 'u2')).toEqual(['u2', 'e1']);
    expect(replacedBy(saved, 'u1')).toEqual(['u1', 'a1', 'u2', 'e1']);
    expect(replacedBy(saved, 'unknown')).toEqual([]);
    expect(replacedBy([message('a0', 'assistant')], null)).toEqual([]);
  });

  it('↑ edits the last message the user sent, never one only this tab knows', () => {
    expect(lastEditableMessage(items(saved))?.id).toBe('u2');
    expect(lastEditableMessage(items([...saved, message('local-1', 'user')]))?.id).toBe('u2');
    expect(lastEditableMessage(items([message('a0', 'assistant')]))).toBeUndefined();
  });
});
