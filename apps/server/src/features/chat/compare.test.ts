import {
  type CompareStreamEvent,
  type ConversationSettings,
  LIVE_ANSWERS_LIMIT_MESSAGE,
  type LiveAnswerEvent,
  type Message,
  type MessageList,
  type PickAnswerResponse,
} from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatFixture, eventually, startChatServer } from '../../../test/chat-helpers';
import { parseSse } from '../../lib/sse-reader';
import { openSse } from '../../../test/sse-client';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const LLAMA = 'llama3:latest';
const MISTRAL = 'mistral:7b';
const QWEN = 'qwen2:1.5b';
const MODELS = [LLAMA, MISTRAL, QWEN].map((name) => ({ name, parameter_size: '7B', capabilities: ['completion'] }));
const words = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(' ');

interface SentChat {
  model: string;
  messages: { role: string; content: string }[];
}

/** Issue 17 Compare: one message, two or three models side by side, pick one to go on from. */
describe(`compare (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({ models: MODELS });
    owner = await createUser(fixture.server, 'compare');
    stranger = await createUser(fixture.server, 'compare-other');
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    Object.assign(fixture.ollama.knobs, {
      reply: 'Plain.',
      replies: { [LLAMA]: 'Llama says hi.', [MISTRAL]: 'Mistral says hello.', [QWEN]: 'Qwen waves.' },
      failingModels: [],
      tokenDelayMs: 0,
    });
  });

  const compare = async (body: Record<string, unknown>, token = owner.token) => {
    const response = await fetch(`${fixture.server.url}/api/chat/compare`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const streamed = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    return {
      status: response.status,
      events: streamed ? parseSse(text).map((message) => JSON.parse(message.data) as CompareStreamEvent) : [],
      error: streamed ? undefined : (JSON.parse(text) as { code: string; message: string }),
    };
  };
  const models = (...names: string[]) => names.map((model) => ({ model }));
  const conversationOf = (events: CompareStreamEvent[]) => {
    const first = events[0];
    if (first?.type !== 'conversation') throw new Error(`expected conversation, got ${JSON.stringify(first)}`);
    return first.conversation.id;
  };
  const endOf = (events: CompareStreamEvent[], slot: number) =>
    events.flatMap((event) =>
      event.type === 'answer' && event.slot === slot && (event.event.type === 'done' || event.event.type === 'error')
        ? [event.event]
        : [],
    )[0];
  const answerOf = (events: CompareStreamEvent[], slot: number): Message => {
    const end = endOf(events, slot);
    if (end?.type !== 'done') throw new Error(`slot ${slot} did not finish: ${JSON.stringify(end)}`);
    return end.message;
  };
  const shown = async (id: string) =>
    (await fixture.server.request<MessageList>(`/api/conversations/${id}/messages`, { token: owner.token })).body
      .messages;
  const pick = (id: string, messageId: string, token = owner.token) =>
    fixture.server.request<PickAnswerResponse>(`/api/conversations/${id}/compare/pick`, {
      method: 'POST',
      token,
      body: { message_id: messageId },
    });
  const rows = (id: string) =>
    fixture.server.app.db.kysely
      .selectFrom('chat_messages')
      .select(['id', 'type', 'content', 'parent_id', 'model', 'is_error'])
      .where('conversation_id', '=', id)
      .orderBy('created_at')
      .execute();
  const chats = () => fixture.ollama.chats().map((request) => request.body as SentChat);

  it('answers one message with each model as sibling answers, streamed side by side', async () => {
    const { status, events } = await compare({ content: 'Say hi', models: models(LLAMA, MISTRAL) });
    expect(status).toBe(200);
    const id = conversationOf(events);
    expect(events[1]).toMatchObject({ type: 'user_message', message: { content: 'Say hi' } });
    expect(answerOf(events, 0)).toMatchObject({ content: 'Llama says hi.', model: LLAMA });
    expect(answerOf(events, 1)).toMatchObject({ content: 'Mistral says hello.', model: MISTRAL });
    const tokens = events.filter((event) => event.type === 'answer' && event.event.type === 'token');
    expect(new Set(tokens.map((event) => event.type === 'answer' && event.model))).toEqual(new Set([LLAMA, MISTRAL]));

    const stored = await rows(id);
    const question = stored.find((row) => row.type === 'user');
    const answers = stored.filter((row) => row.type === 'assistant');
    expect(answers.map((row) => row.model).sort()).toEqual([LLAMA, MISTRAL]);
    expect(answers.every((row) => row.parent_id === question?.id)).toBe(true);
    // The thread shows one of them, with "‹ n/2 ›" to reach the other.
    const thread = await shown(id);
    expect(thread).toHaveLength(2);
    expect(thread[1]?.branch).toMatchObject({ count: 2 });
    // Each model was asked the question once.
    const asked = chats().filter((chat) => chat.messages.some((item) => item.content.includes('Say hi')));
    expect(asked.map((chat) => chat.model).sort()).toEqual([LLAMA, MISTRAL]);
  });

  it('picking an answer continues from it: the model sees only that path, and the chat takes its model', async () => {
    const first = await compare({ content: 'Name a colour', models: models(LLAMA, MISTRAL, QWEN) });
    const id = conversationOf(first.events);
    const chosen = answerOf(first.events, 1);
    const picked = await pick(id, chosen.id);
    expect(picked.status).toBe(200);
    expect(picked.body).toEqual({ active_leaf_id: chosen.id, model: MISTRAL });
    const thread = await shown(id);
    expect(thread.map((message) => message.content)).toEqual(['Name a colour', 'Mistral says hello.']);
    expect(thread[1]?.branch).toMatchObject({ count: 3 });
    const settings = await fixture.server.request<ConversationSettings>(`/api/conversations/${id}/settings`, {
      token: owner.token,
    });
    expect(settings.body.settings.model).toBe(MISTRAL);

    const next = await fetch(`${fixture.server.url}/api/chat/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MISTRAL, content: 'And another?', conversation_id: id }),
    });
    await next.text();
    const prompt = chats()
      .filter((chat) => chat.messages.some((item) => item.content.includes('And another?')))
      .at(-1);
    const seen = (prompt?.messages ?? []).map((item) => item.content).join('\n');
    expect(seen).toContain('Mistral says hello.');
    expect(seen).not.toContain('Llama says hi.');
    expect(seen).not.toContain('Qwen waves.');
    expect((await shown(id)).map((message) => message.content)).toEqual([
      'Name a colour',
      'Mistral says hello.',
      'And another?',
      'Mistral says hello.',
    ]);
  });

  it('goes on from the end of an existing chat, and refuses to pick a question or a stranger', async () => {
    const start = await compare({ content: 'First', models: models(LLAMA, MISTRAL) });
    const id = conversationOf(start.events);
    await pick(id, answerOf(start.events, 0).id);
    const again = await compare({ content: 'Second', conversation_id: id, models: models(MISTRAL, QWEN) });
    expect(again.status).toBe(200);
    const question = again.events.find((event) => event.type === 'user_message');
    const stored = await rows(id);
    const second = stored.find((row) => row.content === 'Second');
    expect(second?.parent_id).toBe(answerOf(start.events, 0).id);
    expect(question?.type === 'user_message' && question.message.id).toBe(second?.id);

    expect((await pick(id, second?.id ?? '')).status).toBe(409);
    expect((await pick(id, answerOf(again.events, 1).id, stranger.token)).status).toBe(404);
    const foreign = await compare(
      { content: 'Mine?', conversation_id: id, models: models(LLAMA, MISTRAL) },
      stranger.token,
    );
    expect(foreign.status).toBe(404);
    expect((await rows(id)).some((row) => row.content === 'Mine?')).toBe(false);
  });

  it("shows a failing model's error in its own answer while the others finish", async () => {
    fixture.ollama.knobs.failingModels = [MISTRAL];
    const { events } = await compare({ content: 'Who fails?', models: models(LLAMA, MISTRAL) });
    const id = conversationOf(events);
    expect(answerOf(events, 0).content).toBe('Llama says hi.');
    const failed = endOf(events, 1);
    expect(failed?.type).toBe('error');
    const stored = await rows(id);
    expect(stored.filter((row) => row.is_error === 1 || Number(row.is_error) === 1)).toHaveLength(1);
    expect(stored.filter((row) => row.type === 'assistant')).toHaveLength(1);
  });

  it('validates the request before storing anything', async () => {
    const before = await fixture.server.app.db.kysely
      .selectFrom('chat_conversations')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    const one = await compare({ content: 'x', models: models(LLAMA) });
    expect(one.status).toBe(400);
    const four = await compare({ content: 'x', models: models(LLAMA, MISTRAL, QWEN, 'llava:13b') });
    expect(four.status).toBe(400);
    const twice = await compare({ content: 'x', models: models(LLAMA, LLAMA) });
    expect(twice.status).toBe(400);
    expect(twice.error?.message).toMatch(/different models/);
    const empty = await compare({ content: '   ', models: models(LLAMA, MISTRAL) });
    expect(empty.status).toBe(400);
    const unknown = await compare({ content: 'x', models: models(LLAMA, 'nope:1b') });
    expect(unknown.status).toBe(404);
    const after = await fixture.server.app.db.kysely
      .selectFrom('chat_conversations')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('stops one answer alone, follows each by model, and counts every answer against the live limit', async () => {
    Object.assign(fixture.ollama.knobs, {
      replies: { [LLAMA]: words(400, 'l'), [MISTRAL]: words(60, 'm') },
      tokenDelayMs: 20,
    });
    const client = await openSse(`${fixture.server.url}/api/chat/compare`, {
      token: owner.token,
      body: { content: 'Race', models: models(LLAMA, MISTRAL) },
    });
    const started = await client.waitFor((event) => event.event === 'conversation');
    const id = (started.data as { conversation: { id: string } }).conversation.id;
    await client.waitFor((event) => event.event === 'answer');
    client.close();

    // Two answers are running: a comparison of two more would make four.
    const refused = await compare({ content: 'Too many', models: models(MISTRAL, QWEN) });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(LIVE_ANSWERS_LIMIT_MESSAGE);

    const follower = await openSse(`${fixture.server.url}/api/conversations/${id}/live?model=${MISTRAL}`, {
      token: owner.token,
    });
    const snapshot = await follower.waitFor((event) => event.event === 'snapshot');
    expect((snapshot.data as LiveAnswerEvent & { model: string }).model).toBe(MISTRAL);

    const stranger404 = await fixture.server.request(`/api/conversations/${id}/compare/stop`, {
      method: 'POST',
      token: stranger.token,
      body: { model: LLAMA },
    });
    expect(stranger404.status).toBe(404);
    const stop = await fixture.server.request<{ stopped: boolean }>(`/api/conversations/${id}/compare/stop`, {
      method: 'POST',
      token: owner.token,
      body: { model: LLAMA },
    });
    expect(stop.body).toEqual({ stopped: true });
    await follower.ended;
    expect(follower.events.at(-1)?.data).toMatchObject({ type: 'done', message: { content: words(60, 'm') } });

    const finished = (model: string) =>
      eventually(async () => {
        const row = await fixture.server.app.db.kysely
          .selectFrom('chat_messages')
          .select(['content', 'metadata', 'writer'])
          .where('conversation_id', '=', id)
          .where('model', '=', model)
          .where('type', '=', 'assistant')
          .executeTakeFirst();
        return row && row.writer === null ? row : undefined;
      }, 15_000);
    const llama = await finished(LLAMA);
    expect(JSON.parse(llama.metadata)).toMatchObject({ stopped: true });
    expect(llama.content.length).toBeLessThan(words(400, 'l').length);
    expect((await finished(MISTRAL)).content).toBe(words(60, 'm'));
  });
});
