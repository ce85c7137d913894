import type { ChatStreamEvent, Message, MessageList, SwitchBranchResponse } from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';
const REPLY = 'Noted.';

interface SentChat {
  messages: { role: string; content: string }[];
}

const isSummaryRequest = (chat: SentChat) => chat.messages[0]?.content.includes('You summarise conversations') ?? false;
const conversationOf = (events: ChatStreamEvent[]) => {
  const first = events[0];
  if (first?.type !== 'conversation') throw new Error(`expected a conversation event, got ${JSON.stringify(first)}`);
  return first.conversation.id;
};
const doneOf = (events: ChatStreamEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'done') throw new Error(`expected done, got ${JSON.stringify(last)}`);
  return last.message;
};

/** Issue 17: edits and regenerations keep every alternative as a message tree; only the shown path is answered. */
describe(`branching (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: REPLY });
    owner = await createUser(fixture.server, 'branching');
    stranger = await createUser(fixture.server, 'branching-other');
  });
  afterAll(() => fixture.close());
  beforeEach(() => {
    Object.assign(fixture.ollama.knobs, { reply: REPLY, failStatus: null });
  });

  const chats = () => fixture.ollama.chats().map((request) => request.body as SentChat);
  const promptText = (chat: SentChat | undefined) => (chat?.messages ?? []).map((item) => item.content).join('\n');
  const send = async (content: string, conversationId?: string) =>
    streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content,
      conversation_id: conversationId,
    });
  const edit = (id: string, messageId: string, content: string) =>
    streamChat(fixture.server, owner.token, `/api/conversations/${id}/messages/${messageId}/edit`, {
      model: MODEL,
      content,
    });
  const regenerate = (id: string) =>
    streamChat(fixture.server, owner.token, `/api/conversations/${id}/regenerate`, { model: MODEL });
  const shown = async (id: string, query = '') =>
    (await fixture.server.request<MessageList>(`/api/conversations/${id}/messages${query}`, { token: owner.token }))
      .body;
  const contents = async (id: string) => (await shown(id)).messages.map((message) => message.content);
  const switchTo = (id: string, messageId: string, token = owner.token) =>
    fixture.server.request<SwitchBranchResponse>(`/api/conversations/${id}/branch`, {
      method: 'POST',
      token,
      body: { message_id: messageId },
    });
  const storedRows = async (id: string) =>
    fixture.server.app.db.kysely
      .selectFrom('chat_messages')
      .select(['id', 'content', 'parent_id'])
      .where('conversation_id', '=', id)
      .execute();

  async function twoExchanges() {
    const id = conversationOf((await send('Question one')).events);
    await send('Question two', id);
    return { id, messages: (await shown(id)).messages };
  }

  it('edit makes a sibling of the message (same parent) and answers it; nothing is deleted', async () => {
    const { id, messages } = await twoExchanges();
    const [q1, a1, q2] = messages as [Message, Message, Message, Message];
    fixture.ollama.knobs.reply = 'Edited answer.';
    const result = await edit(id, q2.id, 'Question two, better');
    expect(result.events.map((event) => event.type)).not.toContain('messages_removed');
    const edited = result.events.find((event) => event.type === 'user_message');
    if (edited?.type !== 'user_message') throw new Error('no user_message');
    expect(edited.message.id).not.toBe(q2.id);

    const rows = await storedRows(id);
    expect(rows).toHaveLength(6);
    expect(rows.find((row) => row.id === edited.message.id)?.parent_id).toBe(a1.id);
    expect(rows.find((row) => row.id === q2.id)?.content).toBe('Question two');

    const path = (await shown(id)).messages;
    expect(path.map((message) => message.content)).toEqual([
      'Question one',
      REPLY,
      'Question two, better',
      'Edited answer.',
    ]);
    expect(path[0]?.branch).toBeUndefined();
    expect(path[2]?.branch).toEqual({ position: 2, count: 2, previous_id: q2.id, next_id: null });
    expect(path[3]?.branch).toBeUndefined();
    // The edited question was answered with the history before it, never the version it replaces.
    const prompt = promptText(chats().at(-1));
    expect(prompt).toContain('Question one');
    expect(prompt).not.toMatch(/Question two(?!, better)/);
    expect(q1.branch).toBeUndefined();
  });

  it('regenerate makes a new answer beside the old one; each regeneration adds one', async () => {
    const { id, messages } = await twoExchanges();
    const oldAnswer = messages[3] as Message;
    fixture.ollama.knobs.reply = 'Second try.';
    const second = doneOf((await regenerate(id)).events);
    fixture.ollama.knobs.reply = 'Third try.';
    const third = doneOf((await regenerate(id)).events);

    const rows = await storedRows(id);
    expect(rows).toHaveLength(6);
    const question = messages[2] as Message;
    for (const answer of [oldAnswer, second, third]) {
      expect(rows.find((row) => row.id === answer.id)?.parent_id).toBe(question.id);
    }
    const path = (await shown(id)).messages;
    expect(path.map((message) => message.content)).toEqual(['Question one', REPLY, 'Question two', 'Third try.']);
    expect(path[3]?.branch).toEqual({ position: 3, count: 3, previous_id: second.id, next_id: null });
    // The question is asked again, with none of the other answers in the prompt.
    const prompt = promptText(chats().at(-1));
    expect(prompt).not.toContain('Second try.');
    expect(chats().at(-1)?.messages.at(-1)).toMatchObject({ role: 'user', content: 'Question two' });
  });

  it('a failed regeneration keeps the previous answer as a sibling of the error', async () => {
    const { id, messages } = await twoExchanges();
    fixture.ollama.knobs.failStatus = 500;
    const result = await regenerate(id);
    expect(result.events.at(-1)?.type).toBe('error');
    const path = (await shown(id)).messages;
    expect(path.at(-1)).toMatchObject({ type: 'system', is_error: true });
    expect(path.at(-1)?.branch).toMatchObject({ position: 2, count: 2, previous_id: messages[3]?.id });
  });

  it('switching shows the branch through a message, ending at its newest descendant', async () => {
    const { id, messages } = await twoExchanges();
    const [, , q2, oldAnswer] = messages as [Message, Message, Message, Message];
    const edited = doneOf((await edit(id, q2.id, 'Question two, again')).events);
    await send('Question three', id);
    expect(await contents(id)).toEqual(['Question one', REPLY, 'Question two, again', REPLY, 'Question three', REPLY]);

    const back = await switchTo(id, q2.id);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ active_leaf_id: oldAnswer.id });
    const path = (await shown(id)).messages;
    expect(path.map((message) => message.id)).toEqual(messages.map((message) => message.id));
    expect(path[2]?.branch?.next_id).toBeTruthy();

    // The switcher's neighbour goes to the edited branch again, to where it was left (Question three's answer).
    const forward = await switchTo(id, path[2]?.branch?.next_id ?? '');
    expect((await contents(id)).slice(2)).toEqual(['Question two, again', REPLY, 'Question three', REPLY]);
    expect(forward.body.active_leaf_id).not.toBe(edited.id);
  });

  it('the model sees only the shown path: an inactive branch never reaches the prompt', async () => {
    // (The first message names the conversation, and the title is the conversation's, on every branch.)
    const id = conversationOf((await send("Let's talk about colours")).events);
    await send('The colour is blue', id);
    const question = (await shown(id)).messages[2] as Message;
    await edit(id, question.id, 'The colour is green');
    await send('What colour did I say?', id);
    const onGreen = promptText(chats().at(-1));
    expect(onGreen).toContain('The colour is green');
    expect(onGreen).not.toContain('blue');

    await switchTo(id, question.id);
    await send('What colour did I say, really?', id);
    const onBlue = promptText(chats().at(-1));
    expect(onBlue).toContain('The colour is blue');
    expect(onBlue).not.toContain('green');

    // POST /api/chat with a stored conversation answers from the shown path too.
    const legacy = await fixture.server.request('/api/chat', {
      method: 'POST',
      token: owner.token,
      body: { message: 'Once more?', model: MODEL, conversationId: id },
    });
    expect(legacy.status).toBe(200);
    const legacyPrompt = promptText(chats().at(-1));
    expect(legacyPrompt).toContain('The colour is blue');
    expect(legacyPrompt).not.toContain('green');
  });

  it('a summary written on another branch is not used: the shown path is summarised anew', async () => {
    fixture.ollama.knobs.reply = 'Summary of the old branch.';
    const id = conversationOf((await send('Old 0')).events);
    for (let index = 1; index <= 10; index += 1) await send(`Old ${index}`, id);
    expect(chats().filter(isSummaryRequest).length).toBeGreaterThan(0);
    const path = (await shown(id)).messages;
    const fork = path.find((message) => message.content === 'Old 3') as Message;

    fixture.ollama.knobs.reply = 'Fresh.';
    await edit(id, fork.id, 'New 3');
    for (let index = 4; index <= 9; index += 1) await send(`New ${index}`, id);
    const before = chats().length;
    await send('New 10', id);
    const made = chats().slice(before);
    // Same length as the old path, so the old summary would look fresh: it is refused because of its branch.
    expect(made.map(isSummaryRequest)).toEqual([true, false]);
    expect(promptText(made[0])).not.toMatch(/Old [4-9]/);
    expect(promptText(made[1])).not.toContain('Summary of the old branch.');
    expect(promptText(made[1])).not.toMatch(/Old [4-9]/);
  });

  it('pages the shown path by cursor, oldest first within a page', async () => {
    const id = conversationOf((await send('P0')).events);
    for (let index = 1; index < 4; index += 1) await send(`P${index}`, id);
    await regenerate(id);
    const all = (await shown(id)).messages.map((message) => message.id);
    expect(all).toHaveLength(8);
    const collected: string[] = [];
    let page = await shown(id, '?limit=3');
    collected.unshift(...page.messages.map((message) => message.id));
    while (page.older_cursor) {
      page = await shown(id, `?limit=3&before=${page.older_cursor}`);
      collected.unshift(...page.messages.map((message) => message.id));
    }
    expect(collected).toEqual(all);
    const newer = await shown(id, `?limit=3&after=${page.newer_cursor ?? ''}`);
    expect(page.newer_cursor).not.toBeNull();
    const oldest = page.messages.length;
    expect(newer.messages.map((message) => message.id)).toEqual(all.slice(oldest, oldest + 3));
  });

  it("refuses another user's conversation, a message of another conversation, and a bad body", async () => {
    const { id, messages } = await twoExchanges();
    const other = await twoExchanges();
    const message = messages[0] as Message;
    const theirs = await switchTo(id, message.id, stranger.token);
    expect(theirs.status).toBe(404);
    expect((await switchTo(id, other.messages[0]?.id ?? '')).status).toBe(404);
    expect((await switchTo(id, '00000000-0000-4000-8000-000000000999')).status).toBe(404);
    const bad = await fixture.server.request(`/api/conversations/${id}/branch`, {
      method: 'POST',
      token: owner.token,
      body: { message_id: 'not-an-id' },
    });
    expect(bad.status).toBe(400);
    const strangersRead = await fixture.server.request(`/api/conversations/${id}/messages`, { token: stranger.token });
    expect(strangersRead.status).toBe(404);
    expect(await contents(id)).toEqual(['Question one', REPLY, 'Question two', REPLY]);
  });

  it('deleting a conversation removes every branch', async () => {
    const { id, messages } = await twoExchanges();
    await edit(id, messages[0]?.id ?? '', 'Another start');
    await regenerate(id);
    expect(await storedRows(id)).toHaveLength(7);
    const removed = await fixture.server.request(`/api/conversations/${id}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(200);
    expect(await storedRows(id)).toHaveLength(0);
  });
});
