import { CHAT_FAILED_REPLY_TEXT } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { turnMessages } from './finish-turn';
import type { LiveTurn } from './stream-store';
import { message } from './test-messages';

const turn = (patch: Partial<LiveTurn> = {}): LiveTurn => ({
  key: 'c1',
  conversationId: 'c1',
  phase: 'streaming',
  pendingUser: null,
  userMessage: message('u1', 'user', 'hi'),
  text: '',
  toolCalls: [],
  context: null,
  removedIds: [],
  committed: [],
  ...patch,
});
const describeError = () => 'reason';
const summary = (messages: ReturnType<typeof turnMessages>) =>
  messages.map((item) => `${item.type}:${item.content}${item.is_error ? '!' : ''}`);

describe('turnMessages', () => {
  it('adds the saved user message and the final answer', () => {
    const result = { turn: turn(), final: message('a1', 'assistant', 'hello'), error: null, interrupted: null };
    expect(summary(turnMessages(result, describeError))).toEqual(['user:hi', 'assistant:hello']);
  });

  it("adds the server's saved error message on a failed reply", () => {
    const saved = message('s1', 'system', CHAT_FAILED_REPLY_TEXT);
    const result = {
      turn: turn(),
      final: null,
      error: { code: 'upstream_error', message: 'x', saved },
      interrupted: null,
    };
    expect(summary(turnMessages(result, describeError))).toEqual(['user:hi', `system:${CHAT_FAILED_REPLY_TEXT}!`]);
  });

  it('keeps the partial answer when the connection was closed by Stop', () => {
    const result = {
      turn: turn({ text: 'Half an ans' }),
      final: null,
      error: null,
      interrupted: { aborted: true, error: null },
    };
    const messages = turnMessages(result, describeError);
    expect(summary(messages)).toEqual(['user:hi', 'assistant:Half an ans']);
    expect(messages[1]?.metadata.stopped).toBe(true);
  });

  it('shows the reason as a system error when the request failed before the server saved anything', () => {
    const result = {
      turn: turn({ userMessage: null, pendingUser: { content: 'look', attachments: [] } }),
      final: null,
      error: null,
      interrupted: { aborted: false, error: new Error('boom') },
    };
    expect(summary(turnMessages(result, describeError))).toEqual(['user:look', 'system:reason!']);
  });
});
