import {
  CHAT_FAILED_REPLY_TEXT,
  type ChatStreamEvent,
  type Conversation,
  type Message,
  type MessageList,
} from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatFixture, eventually, openChatStream, startChatServer, streamChat } from '../../../test/chat-helpers';
import { startTestServer, createUser, type TestUser, testDb } from '../../../test/test-server';

const REPLY = 'The answer is forty two.';
const MODEL = 'llama3:latest';

interface ChatBody {
  messages: { role: string; content: string; images?: string[] }[];
  options: { temperature?: number };
}

describe(`chat streaming (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: REPLY });
    owner = await createUser(fixture.server, 'chat');
    stranger = await createUser(fixture.server, 'chat-other');
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    Object.assign(fixture.ollama.knobs, { reply: REPLY, failStatus: null, tokenDelayMs: 0, firstTokenDelayMs: 0 });
  });

  const send = (body: Record<string, unknown>, token = owner.token) =>
    streamChat(fixture.server, token, '/api/chat/stream', { model: MODEL, ...body });
  const messagesOf = async (id: string, token = owner.token) =>
    (await fixture.server.request<MessageList>(`/api/conversations/${id}/messages`, { token })).body.messages;
  const lastChat = () => fixture.ollama.chats().at(-1)?.body as ChatBody;
  const types = (events: ChatStreamEvent[]) => [...new Set(events.map((event) => event.type))];

  it('creates the conversation on first send, saves the question, streams the answer and saves it', async () => {
    const result = await send({ content: 'What is the meaning of life, the universe and everything?' });
    expect(result.status).toBe(200);
    expect(result.contentType).toMatch(/^text\/event-stream/);
    expect(types(result.events)).toEqual(['conversation', 'user_message', 'context', 'token', 'done']);

    const [first, second, context] = result.events;
    if (first?.type !== 'conversation' || second?.type !== 'user_message' || context?.type !== 'context') {
      throw new Error('unexpected event order');
    }
    expect(first.conversation.title).toBe('What is the meaning of life, the universe...');
    expect(second.message).toMatchObject({ type: 'user', is_error: false, model: MODEL });
    expect(context).toMatchObject({ truncated: false, dropped_messages: 0, summary_used: false, used_documents: [] });
    const tokens = result.events.flatMap((event) => (event.type === 'token' ? [event.text] : []));
    expect(tokens.length).toBeGreaterThan(1);
    const done = result.events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.message).toMatchObject({ type: 'assistant', content: REPLY, model: MODEL, is_error: false });
    expect(tokens.join('')).toBe(REPLY);
    expect(done.message.metadata.usage).toEqual({ prompt_tokens: 12, completion_tokens: expect.any(Number) });

    // Spec §9: temperature 0.3 by default.
    expect(lastChat().options.temperature).toBe(0.3);
    const stored = await messagesOf(first.conversation.id);
    expect(stored.map((message) => [message.type, message.content])).toEqual([
      ['user', 'What is the meaning of life, the universe and everything?'],
      ['assistant', REPLY],
    ]);
    const conversation = await fixture.server.request<Conversation>(`/api/conversations/${first.conversation.id}`, {
      token: owner.token,
    });
    expect(conversation.body).toMatchObject({ updated_at: done.message.created_at, message_count: 2 });
  });

  it('continues a conversation and bumps its updated_at', async () => {
    const first = await send({ content: 'First question' });
    const conversation = first.events[0];
    if (conversation?.type !== 'conversation') throw new Error('no conversation');
    const id = conversation.conversation.id;
    const again = await send({ conversation_id: id, content: 'Second question', temperature: 0.9 });
    expect(types(again.events)).toEqual(['conversation', 'user_message', 'context', 'token', 'done']);
    expect(lastChat().options.temperature).toBe(0.9);
    const after = await fixture.server.request<Conversation>(`/api/conversations/${id}`, { token: owner.token });
    expect(after.body.updated_at > conversation.conversation.updated_at).toBe(true);
    expect((await messagesOf(id)).map((message) => message.content)).toEqual([
      'First question',
      REPLY,
      'Second question',
      REPLY,
    ]);
  });

  it('refuses an unknown model before anything is stored (404 model_not_found)', async () => {
    const before = fixture.ollama.chats().length;
    const result = await send({ content: 'hello there', model: 'no-such-model:1b' });
    expect(result.status).toBe(404);
    expect(result.error?.code).toBe('model_not_found');
    expect(fixture.ollama.chats().length).toBe(before);
  });

  it('validates the body: text or a file is required', async () => {
    for (const body of [
      { content: '   ' },
      { content: '' },
      { content: 'x', model: '' },
      { content: 'x', temperature: 3 },
    ]) {
      const result = await send(body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.error?.code).toBe('validation_error');
    }
  });

  it('keeps the question and saves an error message when the model fails', async () => {
    fixture.ollama.knobs.failStatus = 500;
    const result = await send({ content: 'Will this work?' });
    expect(result.status).toBe(200);
    const conversation = result.events[0];
    if (conversation?.type !== 'conversation') throw new Error('no conversation');
    const error = result.events.at(-1);
    if (error?.type !== 'error') throw new Error(`expected an error event, got ${error?.type}`);
    expect(error.code).toBe('upstream_error');
    expect(error.message).toBe('Both enhanced and fallback chat services failed');
    expect(error.saved_message).toMatchObject({ type: 'system', is_error: true, content: CHAT_FAILED_REPLY_TEXT });
    const stored = await messagesOf(conversation.conversation.id);
    expect(stored.map((message) => [message.type, message.is_error])).toEqual([
      ['user', false],
      ['system', true],
    ]);
    expect(stored[0]?.content).toBe('Will this work?');
  });

  it('goes on generating when the client goes away (issue 17: only Stop stops) and saves the whole answer', async () => {
    const long = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    Object.assign(fixture.ollama.knobs, { reply: long, tokenDelayMs: 20 });
    const stream = await openChatStream(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Tell me a long story',
    });
    const conversation = await stream.until('conversation');
    await stream.until('token');
    await stream.until('token');
    stream.abort();

    const id = conversation?.conversation.id ?? '';
    const answer = await eventually(
      async () => (await messagesOf(id)).find((message) => message.type === 'assistant' && !message.metadata.writing),
      10_000,
    );
    expect(answer.metadata.stopped).toBeUndefined();
    expect(answer.content).toBe(long);
  });

  it('stops from another tab: the stream ends with the partial answer marked stopped', async () => {
    const long = Array.from({ length: 60 }, (_, index) => `w${index}`).join(' ');
    Object.assign(fixture.ollama.knobs, { reply: long, tokenDelayMs: 40 });
    const stream = await openChatStream(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Go on',
    });
    const conversation = await stream.until('conversation');
    const id = conversation?.conversation.id ?? '';
    await stream.until('token');
    expect(
      (await fixture.server.request(`/api/conversations/${id}/stop`, { method: 'POST', token: stranger.token })).status,
    ).toBe(404);
    const stop = await fixture.server.request<{ stopped: boolean }>(`/api/conversations/${id}/stop`, {
      method: 'POST',
      token: owner.token,
    });
    expect(stop.body).toEqual({ stopped: true });
    const done = await stream.until('done');
    expect(done?.message.metadata.stopped).toBe(true);
    expect(done?.message.content.length).toBeLessThan(long.length);
    await fixture.ollama.waitForDisconnect(1000);
    const idle = await fixture.server.request<{ stopped: boolean }>(`/api/conversations/${id}/stop`, {
      method: 'POST',
      token: owner.token,
    });
    expect(idle.body).toEqual({ stopped: false });
  });

  it('regenerates: a new answer beside the last one (which is kept on its own branch)', async () => {
    const first = await send({ content: 'Give me an idea' });
    const id = first.events[0]?.type === 'conversation' ? first.events[0].conversation.id : '';
    const oldAnswer = (await messagesOf(id)).at(-1) as Message;
    fixture.ollama.knobs.reply = 'A better idea.';
    const again = await streamChat(fixture.server, owner.token, `/api/conversations/${id}/regenerate`, {
      model: MODEL,
    });
    expect(types(again.events)).toEqual(['conversation', 'context', 'token', 'done']);
    const stored = await messagesOf(id);
    expect(stored.map((message) => [message.type, message.content])).toEqual([
      ['user', 'Give me an idea'],
      ['assistant', 'A better idea.'],
    ]);
    expect(stored[1]?.branch).toEqual({ position: 2, count: 2, previous_id: oldAnswer.id, next_id: null });
    // The question is asked again, not the old answer.
    expect(lastChat().messages.at(-1)).toMatchObject({ role: 'user', content: 'Give me an idea' });
  });

  it('edits a message: the edit is a new branch beside it, answered; the original branch stays', async () => {
    const first = await send({ content: 'Original question' });
    const id = first.events[0]?.type === 'conversation' ? first.events[0].conversation.id : '';
    await send({ conversation_id: id, content: 'Follow-up' });
    const [question, ...later] = await messagesOf(id);
    const edit = await streamChat(
      fixture.server,
      owner.token,
      `/api/conversations/${id}/messages/${question?.id}/edit`,
      { model: MODEL, content: 'Edited question' },
    );
    expect(types(edit.events)).toEqual(['conversation', 'user_message', 'context', 'token', 'done']);
    const stored = await messagesOf(id);
    expect(stored.map((message) => [message.id === question?.id, message.type, message.content])).toEqual([
      [false, 'user', 'Edited question'],
      [false, 'assistant', REPLY],
    ]);
    expect(stored[0]?.branch).toEqual({ position: 2, count: 2, previous_id: question?.id, next_id: null });
    // Nothing was deleted: the original question and what followed it are one switch away.
    await fixture.server.request(`/api/conversations/${id}/branch`, {
      method: 'POST',
      token: owner.token,
      body: { message_id: question?.id },
    });
    expect((await messagesOf(id)).map((message) => message.id)).toEqual([question?.id, ...later.map((m) => m.id)]);

    const assistant = stored[1];
    const notUser = await streamChat(
      fixture.server,
      owner.token,
      `/api/conversations/${id}/messages/${assistant?.id}/edit`,
      {
        model: MODEL,
        content: 'x',
      },
    );
    expect(notUser.status).toBe(409);
    const unknown = await streamChat(
      fixture.server,
      owner.token,
      `/api/conversations/${id}/messages/00000000-0000-4000-8000-000000000999/edit`,
      { model: MODEL, content: 'x' },
    );
    expect(unknown.status).toBe(404);
  });

  it("answers 404 for another user's conversation on every chat route", async () => {
    const mine = await send({ content: 'Private matter' });
    const id = mine.events[0]?.type === 'conversation' ? mine.events[0].conversation.id : '';
    const question = (await messagesOf(id))[0] as Message;
    const before = fixture.ollama.chats().length;
    const attempts = [
      streamChat(fixture.server, stranger.token, '/api/chat/stream', {
        model: MODEL,
        content: 'hi',
        conversation_id: id,
      }),
      streamChat(fixture.server, stranger.token, `/api/conversations/${id}/regenerate`, { model: MODEL }),
      streamChat(fixture.server, stranger.token, `/api/conversations/${id}/messages/${question.id}/edit`, {
        model: MODEL,
        content: 'mine now',
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.status).toBe(404);
      expect(attempt.error?.code).toBe('not_found');
    }
    expect(fixture.ollama.chats().length).toBe(before);
    expect((await messagesOf(id)).map((message) => message.content)).toEqual(['Private matter', REPLY]);
  });

  it('answers 503 provider_unavailable when no model runtime is connected', async () => {
    const lonely = await startTestServer({ OLLAMA_BASE_URL: 'http://127.0.0.1:9', BUILTIN_RUNTIME: 'false' });
    try {
      const user = await createUser(lonely, 'lonely');
      const result = await streamChat(lonely, user.token, '/api/chat/stream', { model: MODEL, content: 'anyone?' });
      expect(result.status).toBe(503);
      expect(result.error?.code).toBe('provider_unavailable');
      const list = await lonely.request<{ conversations: unknown[] }>('/api/conversations', { token: user.token });
      expect(list.body.conversations).toEqual([]);
    } finally {
      await lonely.close();
    }
  });
});
