import type { Conversation, ConversationList, MessageList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';

describe(`conversations (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: 'ok' });
    owner = await createUser(fixture.server, 'conv');
    stranger = await createUser(fixture.server, 'conv-other');
  });
  afterAll(() => fixture.close());

  const request = <T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
    fixture.server.request<T>(path, { token: owner.token, ...options });
  const create = async (title?: string, token = owner.token) =>
    (await fixture.server.request<Conversation>('/api/conversations', { token, body: title ? { title } : {} })).body;
  const listAll = async (token: string, limit: number) => {
    const pages: Conversation[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page: ConversationList = (
        await fixture.server.request<ConversationList>(`/api/conversations?limit=${limit}${query}`, { token })
      ).body;
      pages.push(page.conversations);
      cursor = page.next_cursor;
    } while (cursor);
    return pages;
  };

  it('creates, reads, renames and deletes a conversation', async () => {
    const made = await create('Contract review');
    expect(made).toMatchObject({ title: 'Contract review', message_count: 0 });
    expect(await create()).toMatchObject({ title: 'New Chat' });

    const renamed = await request<Conversation>(`/api/conversations/${made.id}`, {
      method: 'PATCH',
      body: { title: '  Lease review ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: made.id, title: 'Lease review' });
    expect((await request(`/api/conversations/${made.id}`, { method: 'PATCH', body: { title: ' ' } })).status).toBe(
      400,
    );

    expect((await request(`/api/conversations/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    const gone = await request<{ code: string }>(`/api/conversations/${made.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not_found');
    expect((await request(`/api/conversations/${made.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('lists newest updated first, in pages that cover every conversation once', async () => {
    const user = await createUser(fixture.server, 'pager');
    const made: Conversation[] = [];
    for (let index = 0; index < 7; index += 1) made.push(await create(`Chat ${index}`, user.token));
    // A message bumps a conversation to the top (spec §4).
    await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: MODEL,
      content: 'bump',
      conversation_id: made[2]?.id,
    });
    const pages = await listAll(user.token, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const listed = pages.flat();
    expect(listed[0]?.title).toBe('Chat 2');
    expect(new Set(listed.map((conversation) => conversation.title)).size).toBe(7);
    const key = (conversation: Conversation) => `${conversation.updated_at}|${conversation.id}`;
    expect(listed.map(key)).toEqual(listed.map(key).sort().reverse());
    expect(pages.flat()[0]?.message_count).toBe(2);

    const bad = await fixture.server.request<{ code: string }>('/api/conversations?cursor=nonsense', {
      token: user.token,
    });
    expect(bad.status).toBe(400);
  });

  it('pages through a long thread, oldest first within a page', async () => {
    const first = await streamChat(fixture.server, owner.token, '/api/chat/stream', { model: MODEL, content: 'm0' });
    const id = first.events[0]?.type === 'conversation' ? first.events[0].conversation.id : '';
    for (let index = 1; index < 6; index += 1) {
      await streamChat(fixture.server, owner.token, '/api/chat/stream', {
        model: MODEL,
        content: `m${index}`,
        conversation_id: id,
      });
    }
    const newest = (await request<MessageList>(`/api/conversations/${id}/messages?limit=5`)).body;
    expect(newest.messages.map((message) => message.content)).toEqual(['ok', 'm4', 'ok', 'm5', 'ok']);
    expect(newest.newer_cursor).toBeNull();

    const collected = [...newest.messages];
    let before = newest.older_cursor;
    while (before) {
      const page: MessageList = (
        await request<MessageList>(`/api/conversations/${id}/messages?limit=5&before=${before}`)
      ).body;
      collected.unshift(...page.messages);
      before = page.older_cursor;
    }
    const all = collected.map((message) => message.content);
    expect(all).toEqual(['m0', 'ok', 'm1', 'ok', 'm2', 'ok', 'm3', 'ok', 'm4', 'ok', 'm5', 'ok']);

    const firstPage = (await request<MessageList>(`/api/conversations/${id}/messages?limit=100`)).body;
    expect(firstPage.older_cursor).toBeNull();
    const times = firstPage.messages.map((message) => message.created_at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);

    const head = (await request<MessageList>(`/api/conversations/${id}/messages?limit=4&before=${newest.older_cursor}`))
      .body;
    const forward = (
      await request<MessageList>(`/api/conversations/${id}/messages?limit=3&after=${head.newer_cursor ?? ''}`)
    ).body;
    expect(forward.messages.map((message) => message.content)).toEqual(['ok', 'm4', 'ok']);
  });

  it("keeps every user's conversations to themselves (404 for another user's ids)", async () => {
    const mine = await create('Mine');
    for (const [method, path, body] of [
      ['GET', `/api/conversations/${mine.id}`, undefined],
      ['GET', `/api/conversations/${mine.id}/messages`, undefined],
      ['PATCH', `/api/conversations/${mine.id}`, { title: 'Stolen' }],
      ['DELETE', `/api/conversations/${mine.id}`, undefined],
      ['POST', `/api/conversations/${mine.id}/stop`, {}],
    ] as const) {
      const response = await fixture.server.request<{ code: string }>(path, { method, body, token: stranger.token });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    const theirs = await listAll(stranger.token, 50);
    expect(theirs.flat().map((conversation) => conversation.id)).not.toContain(mine.id);
    expect((await request<Conversation>(`/api/conversations/${mine.id}`)).body.title).toBe('Mine');
  });

  it('Clear History deletes all of the user’s conversations and nobody else’s', async () => {
    const user = await createUser(fixture.server, 'clearer');
    await create('one', user.token);
    await create('two', user.token);
    const keep = await create('keep');
    const cleared = await fixture.server.request<{ deleted: number }>('/api/conversations', {
      method: 'DELETE',
      token: user.token,
    });
    expect(cleared.body).toEqual({ deleted: 2 });
    expect((await listAll(user.token, 10)).flat()).toEqual([]);
    expect((await request(`/api/conversations/${keep.id}`)).status).toBe(200);
  });
});
