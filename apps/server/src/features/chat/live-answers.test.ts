import {
  CHAT_GENERATION_EVENT,
  type ConversationList,
  type LiveAnswerEvent,
  MAX_LIVE_ANSWERS_PER_USER,
  type MessageList,
} from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatFixture, eventually, openChatStream, startChatServer, streamChat } from '../../../test/chat-helpers';
import { openSse, type SseEvent } from '../../../test/sse-client';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';
const words = (count: number, prefix = 'w') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(' ');

/** What a follower of GET /live saw: the snapshot's text plus every token, and how it ended. */
function replayed(events: SseEvent[]) {
  let text = '';
  for (const { data } of events) {
    const event = data as LiveAnswerEvent;
    if (event.type === 'snapshot') text = event.text;
    else if (event.type === 'token') text += event.text;
  }
  return { text, last: events.at(-1)?.data as LiveAnswerEvent | undefined };
}

/** Issue 17: answers keep generating when the client leaves; re-attach; only Stop stops. */
describe(`live answers (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer();
    owner = await createUser(fixture.server, 'live');
    stranger = await createUser(fixture.server, 'live-other');
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    Object.assign(fixture.ollama.knobs, { tokenDelayMs: 0, firstTokenDelayMs: 0, failStatus: null });
  });

  const messagesOf = async (id: string) =>
    (await fixture.server.request<MessageList>(`/api/conversations/${id}/messages`, { token: owner.token })).body
      .messages;
  const finished = (id: string) =>
    eventually(
      async () => (await messagesOf(id)).find((message) => message.type === 'assistant' && !message.metadata.writing),
      15_000,
    );
  const live = (id: string, token = owner.token) =>
    openSse(`${fixture.server.url}/api/conversations/${id}/live`, { token });
  /** Starts an answer and leaves as soon as the first token arrived (navigating away, closing the tab). */
  const startAndLeave = async (reply: string, content = 'Tell me a long story') => {
    Object.assign(fixture.ollama.knobs, { reply, tokenDelayMs: 30 });
    const stream = await openChatStream(fixture.server, owner.token, '/api/chat/stream', { model: MODEL, content });
    const id = (await stream.until('conversation'))?.conversation.id ?? '';
    await stream.until('token');
    stream.abort();
    return id;
  };

  it('goes on when the client leaves: the whole answer is stored, not marked stopped', async () => {
    const reply = words(40);
    const id = await startAndLeave(reply);
    const answer = await finished(id);
    expect(answer.content).toBe(reply);
    expect(answer.metadata.stopped).toBeUndefined();
    expect(answer.metadata.interrupted).toBeUndefined();
  });

  it('re-attaches: GET /live replays the text so far, then follows to done; 204 when nothing runs', async () => {
    const reply = words(60);
    const id = await startAndLeave(reply);
    const follower = await live(id);
    expect(follower.status).toBe(200);
    expect(follower.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const snapshot = await follower.waitFor((event) => event.event === 'snapshot');
    expect(reply.startsWith((snapshot.data as { text: string }).text)).toBe(true);
    await follower.ended;
    const seen = replayed(follower.events);
    expect(seen.text).toBe(reply);
    expect(seen.last).toMatchObject({ type: 'done', message: { content: reply } });
    expect(follower.events.map((event) => event.event)).not.toContain('error');

    const idle = await fixture.server.request(`/api/conversations/${id}/live`, { token: owner.token });
    expect(idle.status).toBe(204);
  });

  it('only Stop stops: an answer left running is stopped from anywhere and saved as stopped', async () => {
    const reply = words(300);
    const id = await startAndLeave(reply);
    const follower = await live(id);
    await follower.waitFor((event) => event.event === 'token');
    const stop = await fixture.server.request<{ stopped: boolean }>(`/api/conversations/${id}/stop`, {
      method: 'POST',
      token: owner.token,
    });
    expect(stop.body).toEqual({ stopped: true });
    await follower.ended;
    expect(replayed(follower.events).last).toMatchObject({ type: 'done', message: { metadata: { stopped: true } } });
    const answer = await finished(id);
    expect(answer.metadata.stopped).toBe(true);
    expect(answer.content.length).toBeLessThan(reply.length);
  });

  it("keeps another user out: 404 for someone else's conversation, running or not", async () => {
    const id = await startAndLeave(words(80));
    const stranger404 = await fixture.server.request(`/api/conversations/${id}/live`, { token: stranger.token });
    expect(stranger404.status).toBe(404);
    expect(stranger404.body).toMatchObject({ code: 'not_found' });
    const anonymous = await fixture.server.request(`/api/conversations/${id}/live`);
    expect(anonymous.status).toBe(401);
    await fixture.server.request(`/api/conversations/${id}/stop`, { method: 'POST', token: owner.token });
    await finished(id);
  });

  it('marks the conversation as generating in the list and tells open tabs when it starts and ends', async () => {
    const events = await openSse(`${fixture.server.url}/api/events`, { token: owner.token });
    const id = await startAndLeave(words(40), 'Watch me in the sidebar');
    const started = await events.waitFor((event) => event.event === CHAT_GENERATION_EVENT);
    expect(started.data).toEqual({ type: CHAT_GENERATION_EVENT, conversation_id: id, generating: true });
    const listed = await fixture.server.request<ConversationList>('/api/conversations', { token: owner.token });
    expect(listed.body.conversations.find((item) => item.id === id)?.generating).toBe(true);
    const others = await fixture.server.request<ConversationList>('/api/conversations', { token: stranger.token });
    expect(others.body.conversations.some((item) => item.generating)).toBe(false);

    const ended = await events.waitFor(
      (event) => event.event === CHAT_GENERATION_EVENT && (event.data as { generating: boolean }).generating === false,
      15_000,
    );
    expect(ended.data).toMatchObject({ conversation_id: id });
    events.close();
    const after = await fixture.server.request<ConversationList>('/api/conversations', { token: owner.token });
    expect(after.body.conversations.find((item) => item.id === id)?.generating).toBe(false);
  });

  it(`refuses more than ${MAX_LIVE_ANSWERS_PER_USER} answers at once with a clear error`, async () => {
    const ids: string[] = [];
    for (let index = 0; index < MAX_LIVE_ANSWERS_PER_USER; index += 1) {
      ids.push(await startAndLeave(words(400), `Busy ${index}`));
    }
    const refused = await streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'One more',
    });
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('answers being written'),
    });
    // Someone else is not affected.
    Object.assign(fixture.ollama.knobs, { tokenDelayMs: 0 });
    const other = await streamChat(fixture.server, stranger.token, '/api/chat/stream', { model: MODEL, content: 'Hi' });
    expect(other.status).toBe(200);
    for (const id of ids) {
      await fixture.server.request(`/api/conversations/${id}/stop`, { method: 'POST', token: owner.token });
    }
    await Promise.all(ids.map((id) => finished(id)));
  });

  it('counts answers other replicas are writing towards the limit', async () => {
    const db = fixture.server.app.db.kysely;
    const busy = await createUser(fixture.server, 'live-busy');
    const ids: string[] = [];
    for (let index = 0; index < MAX_LIVE_ANSWERS_PER_USER; index += 1) {
      const sent = await streamChat(fixture.server, busy.token, '/api/chat/stream', { model: MODEL, content: 'Hi' });
      ids.push(sent.events[0]?.type === 'conversation' ? sent.events[0].conversation.id : '');
    }
    // Their answers, as if replicas that are alive were still writing them.
    const writing = { writer: 'another-host:4242:abcdef12', written_at: new Date().toISOString() };
    await db
      .updateTable('chat_messages')
      .set(writing)
      .where('conversation_id', 'in', ids)
      .where('type', '=', 'assistant')
      .execute();
    const refused = await streamChat(fixture.server, busy.token, '/api/chat/stream', { model: MODEL, content: 'More' });
    expect(refused.status).toBe(429);
    await db
      .updateTable('chat_messages')
      .set({ writer: null, written_at: null })
      .where('conversation_id', 'in', ids)
      .execute();
    const allowed = await streamChat(fixture.server, busy.token, '/api/chat/stream', { model: MODEL, content: 'More' });
    expect(allowed.status).toBe(200);
  });

  it('follows an answer written by another replica through its saved row', async () => {
    // A conversation whose answer another (live) replica is writing: its row, saved moments ago.
    const first = await streamChat(fixture.server, owner.token, '/api/chat/stream', { model: MODEL, content: 'Hi' });
    const id = first.events[0]?.type === 'conversation' ? first.events[0].conversation.id : '';
    const db = fixture.server.app.db.kysely;
    const answerId = (await messagesOf(id)).at(-1)?.id ?? '';
    const elsewhere = 'another-host:4242:abcdef12';
    const save = (content: string) =>
      db
        .updateTable('chat_messages')
        .set({ content, writer: elsewhere, written_at: new Date().toISOString() })
        .where('id', '=', answerId)
        .execute();
    await save('Partial');
    const listed = await fixture.server.request<ConversationList>('/api/conversations', { token: owner.token });
    expect(listed.body.conversations.find((item) => item.id === id)?.generating).toBe(true);

    const follower = await live(id);
    expect(follower.status).toBe(200);
    await follower.waitFor((event) => event.event === 'snapshot');
    await save('Partial answer');
    await follower.waitFor((event) => event.event === 'token');
    await db
      .updateTable('chat_messages')
      .set({ content: 'Partial answer, done.', writer: null, written_at: null })
      .where('id', '=', answerId)
      .execute();
    await follower.ended;
    const seen = replayed(follower.events);
    expect(seen.text).toBe('Partial answer, done.');
    expect(seen.last).toMatchObject({ type: 'done', message: { id: answerId, content: 'Partial answer, done.' } });
  });
});
