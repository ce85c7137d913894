import type { ChatStreamEvent, Conversation, LiveAnswerEvent } from '@hearth/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTurn, getTurn, runTurn, stopTurn, type TurnResult } from './stream-store';
import { message } from './test-messages';

const conversation: Conversation = {
  id: 'c9',
  title: 'Hello',
  created_at: '2026-03-15T10:00:00.000Z',
  updated_at: '2026-03-15T10:00:00.000Z',
};

async function* events(list: ChatStreamEvent[], signal?: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  for (const event of list) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    await Promise.resolve();
    yield event;
  }
}

describe('stream store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves a first send from the draft key to the new conversation and reports the outcome', async () => {
    const results: TurnResult[] = [];
    const created: string[] = [];
    const final = message('a1', 'assistant', 'Hi there');
    await runTurn(
      'draft',
      { conversationId: null, pendingUser: { content: 'Hello', attachments: [] } },
      () =>
        events([
          { type: 'conversation', conversation },
          { type: 'user_message', message: message('u1', 'user', 'Hello') },
          {
            type: 'context',
            truncated: true,
            dropped_messages: 2,
            summary_used: false,
            used_documents: [],
            indexing_collections: [{ collection_id: 'k1', collection_name: 'Contracts', pending: 2 }],
          },
          { type: 'token', text: 'Hi ' },
          { type: 'token', text: 'there' },
          { type: 'done', message: final },
        ]),
      {
        onConversation: (item, isNew) => isNew && created.push(item.id),
        onFinish: (result) => {
          results.push(result);
          return [final];
        },
      },
    );
    expect(created).toEqual(['c9']);
    expect(getTurn('draft')).toBeUndefined();
    const turn = getTurn('c9');
    expect(turn).toMatchObject({
      phase: 'finished',
      text: 'Hi there',
      context: {
        truncated: true,
        droppedMessages: 2,
        indexing: [{ collection_id: 'k1', collection_name: 'Contracts', pending: 2 }],
      },
    });
    expect(turn?.pendingUser).toBeNull();
    expect(results[0]?.final).toEqual(final);
    clearTurn('c9');
    expect(getTurn('c9')).toBeUndefined();
  });

  it('Stop asks the server first and closes the connection if the stream does not end soon', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    let release: () => void = () => undefined;
    const stream = async function* (abort: AbortSignal): AsyncGenerator<ChatStreamEvent> {
      signal = abort;
      yield { type: 'conversation', conversation };
      yield { type: 'token', text: 'partial' };
      await new Promise<void>((resolve) => {
        release = resolve;
        abort.addEventListener('abort', () => resolve());
      });
      if (abort.aborted) throw new DOMException('aborted', 'AbortError');
    };
    const asked: string[] = [];
    let result: TurnResult | undefined;
    const running = runTurn('c9', { conversationId: 'c9', pendingUser: null }, stream, {
      onFinish: (outcome) => {
        result = outcome;
        return [];
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    stopTurn('c9', async (id) => asked.push(id));
    expect(asked).toEqual(['c9']);
    expect(getTurn('c9')?.phase).toBe('stopping');
    await vi.advanceTimersByTimeAsync(2000);
    await running;
    release();
    expect(signal?.aborted).toBe(true);
    expect(result?.interrupted).toEqual({ aborted: true, error: expect.anything() as unknown });
    expect(result?.turn.text).toBe('partial');
  });

  it('re-attaches to an answer already being generated: the snapshot, then tokens, on the given connection', async () => {
    const controller = new AbortController();
    const final = message('a7', 'assistant', 'So far and the rest');
    let seen: AbortSignal | undefined;
    let result: TurnResult | undefined;
    await runTurn(
      'c7',
      { conversationId: 'c7', pendingUser: null },
      async function* (signal): AsyncGenerator<LiveAnswerEvent> {
        seen = signal;
        yield { type: 'snapshot', text: 'So far', model: 'llama3:latest' };
        expect(getTurn('c7')?.text).toBe('So far');
        yield { type: 'token', text: ' and the rest' };
        yield { type: 'done', message: final };
      },
      {
        onFinish: (outcome) => {
          result = outcome;
          return [final];
        },
      },
      controller,
    );
    expect(seen).toBe(controller.signal);
    expect(result?.turn.text).toBe('So far and the rest');
    expect(result?.final).toEqual(final);
    expect(result?.interrupted).toBeNull();
    expect(getTurn('c7')?.committed).toEqual([final]);
  });

  it('reports a failure before the stream starts as interrupted, not aborted', async () => {
    let result: TurnResult | undefined;
    await runTurn(
      'draft',
      { conversationId: null, pendingUser: { content: 'x', attachments: [] } },
      // eslint-disable-next-line require-yield
      async function* () {
        throw new Error('503');
      },
      {
        onFinish: (outcome) => {
          result = outcome;
          return [];
        },
      },
    );
    expect(result?.interrupted?.aborted).toBe(false);
    // A failed draft stays on screen until dismissed.
    expect(getTurn('draft')?.phase).toBe('finished');
    clearTurn('draft');
  });
});
