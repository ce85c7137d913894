import type { ChatStreamEvent, Conversation } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { type FakeServer, startFakeServer } from '../../../test/fakes/fake-http';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';
const TINY = 'tiny:1b';

interface SentChat {
  model: string;
  messages: { role: string; content: string; images?: string[] }[];
}

const isSummaryRequest = (chat: SentChat) => chat.messages[0]?.content.includes('You summarise conversations') ?? false;
const contextOf = (events: ChatStreamEvent[]) => {
  const event = events.find((item) => item.type === 'context');
  if (event?.type !== 'context') throw new Error('no context event');
  return event;
};
const doneOf = (events: ChatStreamEvent[]) => {
  const event = events.at(-1);
  if (event?.type !== 'done') throw new Error(`expected done, got ${JSON.stringify(event)}`);
  return event.message;
};

describe(`enhanced chat context (${testDb})`, () => {
  let fixture: ChatFixture;
  let user: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({
      reply: 'Noted.',
      models: [
        { name: MODEL, capabilities: ['completion'] },
        { name: TINY, capabilities: ['completion'], context_length: 512 },
      ],
    });
    user = await createUser(fixture.server, 'context');
  });
  afterAll(() => fixture.close());

  const chats = () => fixture.ollama.chats().map((request) => request.body as SentChat);
  const send = (body: Record<string, unknown>) =>
    streamChat(fixture.server, user.token, '/api/chat/stream', { model: MODEL, ...body });
  async function conversationWith(exchanges: number, text = (index: number) => `Question ${index}`) {
    const first = await send({ content: text(0) });
    const id = first.events[0]?.type === 'conversation' ? first.events[0].conversation.id : '';
    for (let index = 1; index < exchanges; index += 1) await send({ conversation_id: id, content: text(index) });
    return id;
  }

  it('sends a system prompt and the last 5 history messages, each cut to 200 characters', async () => {
    const id = await conversationWith(4, (index) => `Q${index} ${'long text '.repeat(40)}`);
    await send({ conversation_id: id, content: 'And now?' });
    const sent = chats().at(-1) as SentChat;
    expect(sent.messages[0]?.role).toBe('system');
    const history = sent.messages.slice(1, -1);
    expect(history).toHaveLength(5);
    expect(history.map((turn) => turn.role)).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant']);
    for (const turn of history) expect(turn.content.length).toBeLessThanOrEqual(200);
    expect(history[1]?.content.startsWith('Q2 ')).toBe(true);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'And now?' });
  });

  it('skips conversation context for simple greetings and when context is turned off', async () => {
    const id = await conversationWith(2);
    for (const body of [
      { content: 'Good morning!' },
      { content: 'hey' },
      { content: 'What did I ask?', useConversationContext: false },
      { content: 'What did I ask?', userPreferences: { rememberContext: false } },
    ]) {
      await send({ conversation_id: id, ...body });
      const sent = chats().at(-1) as SentChat;
      expect(
        sent.messages.map((turn) => turn.role),
        JSON.stringify(body),
      ).toEqual(['system', 'user']);
      expect(sent.messages[0]?.content).not.toContain('titled');
    }
  });

  it('uses the user preferences in the system prompt', async () => {
    await send({
      content: 'Explain leases',
      userPreferences: { preferredResponseStyle: 'formal', includeLegalDisclaimers: true },
    });
    const formal = (chats().at(-1) as SentChat).messages[0]?.content ?? '';
    await send({ content: 'Explain leases', userPreferences: { preferredResponseStyle: 'technical' } });
    const technical = (chats().at(-1) as SentChat).messages[0]?.content ?? '';
    expect(formal).toMatch(/formal/i);
    expect(formal).toMatch(/not professional advice/i);
    expect(technical).toMatch(/technical/i);
    expect(technical).not.toMatch(/not professional advice/i);
  });

  it("says when the prompt had to be cut to fit the model's context window", async () => {
    fixture.ollama.knobs.reply = 'Here are the details you asked about. '.repeat(10);
    const id = await conversationWith(3, (index) => `Topic ${index}: ${'details '.repeat(60)}`);
    const result = await send({ conversation_id: id, model: TINY, content: 'Summarise what we discussed' });
    const context = contextOf(result.events);
    expect(context.truncated).toBe(true);
    expect(context.dropped_messages).toBeGreaterThan(0);
    expect(context.context_length).toBe(512);
    expect(context.context_tokens).toBeLessThanOrEqual(512);
    expect(doneOf(result.events).metadata.truncated).toBe(true);
    const sent = chats().at(-1) as SentChat;
    expect(sent.messages.length).toBe(2 + 5 - context.dropped_messages);
    fixture.ollama.knobs.reply = 'Noted.';
  });

  it('summarises a conversation of over 20 messages with the model, and reuses the summary while fresh', async () => {
    fixture.ollama.knobs.reply = 'They discussed questions zero to ten.';
    const id = await conversationWith(10);
    expect(chats().filter(isSummaryRequest)).toHaveLength(0);
    // 20 stored messages; with the next question the conversation has 21: over 20.

    const before = chats().length;
    const result = await send({ conversation_id: id, content: 'Where were we?' });
    const made = chats().slice(before);
    expect(made.map(isSummaryRequest)).toEqual([true, false]);
    expect(made[0]?.messages[1]?.content).toContain('Question 0');
    expect(made[1]?.messages[0]?.content).toContain('They discussed questions zero to ten.');
    expect(contextOf(result.events).summary_used).toBe(true);

    const stored = await fixture.server.app.db.kysely
      .selectFrom('chat_conversations')
      .select(['summary'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.summary).toBe('They discussed questions zero to ten.');

    const next = chats().length;
    const again = await send({ conversation_id: id, content: 'Continue' });
    expect(chats().slice(next).map(isSummaryRequest)).toEqual([false]);
    expect(contextOf(again.events).summary_used).toBe(true);
    fixture.ollama.knobs.reply = 'Noted.';
  });
});

describe(`enhanced chat fallback (${testDb})`, () => {
  let ollama: FakeOllama;
  let proxy: FakeServer;
  let server: TestServer;
  let user: TestUser;
  let failEnhanced = true;

  beforeAll(async () => {
    ollama = await startFakeOllama({ reply: 'Plain answer.' });
    // In front of the fake runtime: requests of the enhanced path (they carry a system prompt) fail with a 500.
    proxy = await startFakeServer(async (request, response) => {
      const body = request.body as SentChat | null;
      if (failEnhanced && request.path === '/api/chat' && body?.messages[0]?.role === 'system') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"injected failure"}');
        return;
      }
      const answer = await fetch(ollama.url + request.path, {
        method: request.method,
        headers: { 'content-type': 'application/json' },
        body: request.method === 'GET' ? undefined : JSON.stringify(body),
      });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
    server = await startTestServer({
      OLLAMA_BASE_URL: proxy.url,
      BUILTIN_RUNTIME: 'false',
      MODEL_LIST_CACHE_MS: '600000',
    });
    user = await createUser(server, 'fallback');
  });
  afterAll(async () => {
    await server.close();
    await proxy.close();
    await ollama.close();
  });

  it('falls back to a plain call with just the message when the enhanced path fails', async () => {
    failEnhanced = true;
    const result = await streamChat(server, user.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Is anyone there?',
    });
    const message = doneOf(result.events);
    expect(message).toMatchObject({ content: 'Plain answer.', metadata: { fallback: true } });
    const plain = ollama.chats().at(-1)?.body as SentChat;
    expect(plain.messages).toEqual([{ role: 'user', content: 'Is anyone there?' }]);
    // The enhanced attempt said what it would send; the fallback says again what it did send.
    const contexts = result.events.filter((event) => event.type === 'context');
    expect(contexts.at(-1)).toMatchObject({ summary_used: false, dropped_messages: 0 });
  });

  it('/api/chat falls back the same way and reports it', async () => {
    const response = await server.request<{ response: string; responseMetadata: { fallback: boolean } }>('/api/chat', {
      token: user.token,
      body: { message: 'Hello again friend', model: MODEL },
    });
    expect(response.status).toBe(200);
    expect(response.body.response).toBe('Plain answer.');
    expect(response.body.responseMetadata).toMatchObject({ fallback: true, enhanced: false });
    failEnhanced = false;
    const enhanced = await server.request<{ responseMetadata: { fallback: boolean; enhanced: boolean } }>('/api/chat', {
      token: user.token,
      body: { message: 'Hello again friend', model: MODEL },
    });
    expect(enhanced.body.responseMetadata).toMatchObject({ fallback: false, enhanced: true });
  });

  it('lists conversations the fallback answered like any other', async () => {
    const list = await server.request<{ conversations: Conversation[] }>('/api/conversations', {
      token: user.token,
    });
    expect(list.body.conversations.map((conversation) => conversation.title)).toContain('Is anyone there?');
  });
});
