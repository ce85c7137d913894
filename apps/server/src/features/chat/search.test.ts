import { randomUUID } from 'node:crypto';
import type { ConversationSearchResult, MessageList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';

describe(`conversation search (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;
  let streamedId = '';

  beforeAll(async () => {
    fixture = await startChatServer({ reply: 'The aurora borealis glows green over Tromsø in winter.' });
    owner = await createUser(fixture.server, 'search');
    stranger = await createUser(fixture.server, 'search-other');
    const first = await streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Where can I see the northern lights?',
    });
    streamedId = first.events[0]?.type === 'conversation' ? first.events[0].conversation.id : '';
    await streamChat(fixture.server, stranger.token, '/api/chat/stream', {
      model: MODEL,
      content: 'My own secret about the aurora and a quokka',
    });
  });
  afterAll(() => fixture.close());

  const search = (query: string, token = owner.token) =>
    fixture.server.request<ConversationSearchResult & { code?: string }>(`/api/conversations/search?${query}`, {
      token,
    });
  const db = () => fixture.server.app.db.kysely;

  /** A conversation with fixed message text and dates, written straight to the tables (the triggers index it). */
  async function seed(title: string, messages: { content: string; at: string; model?: string }[], userId = owner.id) {
    const id = randomUUID();
    const at = messages[0]?.at ?? '2026-01-01T00:00:00.000Z';
    await db()
      .insertInto('chat_conversations')
      .values({ id, user_id: userId, title, created_at: at, updated_at: at })
      .execute();
    const ids: string[] = [];
    for (const message of messages) {
      const messageId = randomUUID();
      ids.push(messageId);
      await db()
        .insertInto('chat_messages')
        .values({
          id: messageId,
          conversation_id: id,
          type: message.model ? 'assistant' : 'user',
          content: message.content,
          attachments: '[]',
          is_error: 0,
          metadata: '{}',
          model: message.model ?? null,
          created_at: message.at,
          // One chain, as the chat writes it (branching): each message follows the previous one.
          parent_id: ids.at(-2) ?? null,
        })
        .execute();
    }
    return { id, ids };
  }

  it('finds a streamed answer by a word in it, with the matched word marked by offsets', async () => {
    const found = await search('q=borealis');
    expect(found.status).toBe(200);
    const hit = found.body.hits[0];
    expect(hit).toMatchObject({ conversation_id: streamedId, model: MODEL, archived: false });
    expect(hit?.snippet).not.toBeNull();
    const snippet = hit?.snippet ?? { text: '', highlights: [] };
    expect(snippet.highlights.map((h) => snippet.text.slice(h.start, h.end))).toEqual(['borealis']);
    // Accents fold on SQLite; both databases find the user's own question too.
    expect((await search('q=northern%20lights')).body.hits.map((h) => h.conversation_id)).toContain(streamedId);
  });

  it('finds by title, phrase and prefix, newest first, and pages with a cursor', async () => {
    const trip = await seed('Kayak trip planning', [
      { content: 'Pack the dry bag and a spare paddle.', at: '2025-06-01T10:00:00.000Z' },
      { content: 'The paddle should be feathered for wind.', at: '2025-06-01T10:00:01.000Z', model: 'kayak-model' },
    ]);
    const byTitle = await search('q=kayak');
    const titleHit = byTitle.body.hits.find((h) => h.message_id === null);
    expect(titleHit).toMatchObject({ conversation_id: trip.id, title: 'Kayak trip planning', snippet: null });
    expect(titleHit?.title_highlights).toEqual([{ start: 0, end: 5 }]);

    const phrase = await search(`q=${encodeURIComponent('"spare paddle"')}`);
    expect(phrase.body.hits.map((h) => h.message_id)).toEqual([trip.ids[0]]);
    const prefix = await search('q=feath*');
    expect(prefix.body.hits.map((h) => h.message_id)).toEqual([trip.ids[1]]);
    expect(prefix.body.hits[0]?.snippet?.highlights).toHaveLength(1);

    const first = await search('q=paddle&limit=1');
    expect(first.body.hits.map((h) => h.message_id)).toEqual([trip.ids[1]]);
    const second = await search(`q=paddle&limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.hits.map((h) => h.message_id)).toEqual([trip.ids[0]]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('gives a cursor whose message page starts at the matching message', async () => {
    const long = await seed(
      'Long thread',
      Array.from({ length: 30 }, (_, index) => ({
        content: index === 7 ? 'the zeppelin detail is here' : `filler message number ${index}`,
        at: new Date(Date.UTC(2025, 2, 1, 9, 0, index)).toISOString(),
      })),
    );
    const hit = (await search('q=zeppelin')).body.hits[0];
    expect(hit?.message_id).toBe(long.ids[7]);
    const page = await fixture.server.request<MessageList>(
      `/api/conversations/${long.id}/messages?after=${hit?.message_cursor}&limit=5`,
      { token: owner.token },
    );
    expect(page.body.messages[0]?.id).toBe(long.ids[7]);
  });

  it('keeps the index in step with renames, edits and deletes', async () => {
    const note = await seed('Original heading', [{ content: 'mentions a walrus', at: '2025-04-01T00:00:00.000Z' }]);
    await db().updateTable('chat_conversations').set({ title: 'Renamed platypus' }).where('id', '=', note.id).execute();
    expect((await search('q=platypus')).body.hits.map((h) => h.conversation_id)).toEqual([note.id]);
    expect((await search('q=heading')).body.hits).toEqual([]);
    await db()
      .updateTable('chat_messages')
      .set({ content: 'now about a narwhal' })
      .where('id', '=', note.ids[0] ?? '')
      .execute();
    expect((await search('q=walrus')).body.hits).toEqual([]);
    expect((await search('q=narwhal')).body.hits).toHaveLength(1);
    expect(
      (await fixture.server.request(`/api/conversations/${note.id}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(200);
    expect((await search('q=narwhal')).body.hits).toEqual([]);
    expect((await search('q=platypus')).body.hits).toEqual([]);
  });

  it('filters by date, model, attachments and folder', async () => {
    const old = await seed('Gardening', [
      { content: 'tomato seedlings', at: '2024-03-10T08:00:00.000Z' },
      { content: 'water the tomato daily', at: '2024-03-10T08:00:01.000Z', model: 'garden-llm' },
    ]);
    const recent = await seed('Cooking', [{ content: 'tomato soup recipe', at: '2025-09-10T08:00:00.000Z' }]);
    const ids = async (query: string) => (await search(`q=tomato&${query}`)).body.hits.map((h) => h.message_id);
    expect(await ids('to=2024-03-10')).toEqual([old.ids[1], old.ids[0]]);
    expect(await ids('from=2025-01-01')).toEqual([recent.ids[0]]);
    expect(await ids('model=garden-llm')).toEqual([old.ids[1], old.ids[0]]);
    expect(await ids('has_attachments=true')).toEqual([]);
    expect(await ids('has_attachments=false')).toHaveLength(3);

    const folder = randomUUID();
    const now = new Date().toISOString();
    await db()
      .insertInto('chat_folders')
      .values({ id: folder, user_id: owner.id, name: 'Food', parent_id: null, created_at: now, updated_at: now })
      .execute();
    await db()
      .updateTable('chat_conversations')
      .set({ folder_id: folder, archived_at: now })
      .where('id', '=', recent.id)
      .execute();
    const inFolder = await search(`q=tomato&folder_id=${folder}`);
    expect(inFolder.body.hits).toMatchObject([{ message_id: recent.ids[0], archived: true }]);
  });

  it("never finds another user's conversations, even by exact words", async () => {
    expect((await search('q=quokka')).body.hits).toEqual([]);
    const theirs = await search('q=quokka', stranger.token);
    expect(theirs.body.hits).toHaveLength(1);
    expect((await search('q=northern', stranger.token)).body.hits).toEqual([]);
    await seed('Shared word', [{ content: 'ocelot', at: '2025-05-05T00:00:00.000Z' }], stranger.id);
    expect((await search('q=ocelot')).body.hits).toEqual([]);
  });

  it('refuses bad input in the error shape', async () => {
    for (const query of [
      'q=',
      'q=%22%22',
      'q=***',
      `q=${'a'.repeat(201)}`,
      'q=x&cursor=nope',
      'q=x&limit=500',
      'q=x&from=yesterday',
      'q=x&from=2025-02-01&to=2025-01-01',
      `q=${Array.from({ length: 13 }, (_, i) => `w${i}`).join('+')}`,
    ]) {
      const response = await search(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('validation_error');
    }
    // Query syntax of either database is only ever searched for as words.
    for (const query of ["it's", 'a:*|b', 'NEAR(x y)', 'body:x OR owner:y', "'); drop table x; --"]) {
      expect((await search(`q=${encodeURIComponent(query)}`)).status, query).toBe(200);
    }
    expect((await fixture.server.request('/api/conversations/search?q=x')).status).toBe(401);
  });
});
