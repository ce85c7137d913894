import type { ChatFolder, ChatFolderList, Conversation, ConversationList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

describe(`organising conversations (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: 'ok' });
    owner = await createUser(fixture.server, 'organise');
    stranger = await createUser(fixture.server, 'organise-other');
  });
  afterAll(() => fixture.close());

  const request = <T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
    fixture.server.request<T>(path, { token: owner.token, ...options });
  const create = async (title: string, token = owner.token) =>
    (await fixture.server.request<Conversation>('/api/conversations', { token, body: { title } })).body;
  const folder = async (name: string, parent_id?: string, token = owner.token) =>
    fixture.server.request<ChatFolder>('/api/chat-folders', { token, body: { name, parent_id } });
  const organize = (id: string, body: unknown, token = owner.token) =>
    fixture.server.request<Conversation>(`/api/conversations/${id}/organize`, { method: 'PATCH', token, body });
  const titles = async (query: string, token = owner.token) =>
    (await fixture.server.request<ConversationList>(`/api/conversations?${query}`, { token })).body.conversations.map(
      (c) => c.title,
    );

  it('pins, archives, restores and tags; each list section is its own query', async () => {
    const a = await create('Alpha plan');
    const b = await create('Beta notes');
    const pinned = await organize(a.id, { pinned: true, tags: ['Work', 'work', 'q3'] });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinned_at).toEqual(expect.any(String));
    expect(pinned.body.tags).toEqual(['q3', 'work']);

    expect(await titles('section=pinned')).toEqual(['Alpha plan']);
    expect(await titles('section=unfiled')).toContain('Beta notes');
    expect(await titles('section=unfiled')).not.toContain('Alpha plan');
    const all = (await request<ConversationList>('/api/conversations')).body.conversations;
    expect(all.find((c) => c.id === a.id)?.tags).toEqual(['q3', 'work']);

    expect((await organize(b.id, { archived: true })).body.archived_at).toEqual(expect.any(String));
    expect(await titles('section=all')).not.toContain('Beta notes');
    expect(await titles('section=archived')).toEqual(['Beta notes']);
    expect(await titles('section=archived&q=BETA')).toEqual(['Beta notes']);
    expect(await titles('section=archived&q=alpha')).toEqual([]);
    // The user's own % is literal text, not a wildcard.
    expect(await titles('section=archived&q=%25')).toEqual([]);
    expect((await organize(b.id, { archived: false })).body.archived_at).toBeNull();
    expect(await titles('section=all')).toContain('Beta notes');

    expect((await organize(a.id, { pinned: false, tags: [] })).body).toMatchObject({ pinned_at: null, tags: [] });
    expect((await organize(a.id, {})).status).toBe(400);
    expect((await organize(a.id, { tags: ['x'.repeat(41)] })).status).toBe(400);
  });

  it('renaming marks the title as the person’s own', async () => {
    const c = await create('Untitled');
    const renamed = await request<Conversation>(`/api/conversations/${c.id}`, {
      method: 'PATCH',
      body: { title: 'Mine' },
    });
    expect(renamed.body.title).toBe('Mine');
    const row = await fixture.server.app.db.kysely
      .selectFrom('chat_conversations')
      .select('title_set_by_user')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.title_set_by_user)).toBe(1);
  });

  it('files chats in folders nested one level; deleting a folder moves its chats out', async () => {
    const top = (await folder('Projects')).body;
    const sub = await folder('Hearth', top.id);
    expect(sub.status).toBe(201);
    expect(sub.body.parent_id).toBe(top.id);
    // Nested one level only.
    expect((await folder('Too deep', sub.body.id)).status).toBe(400);
    const other = (await folder('Other')).body;
    const moveTop = await request(`/api/chat-folders/${top.id}`, { method: 'PATCH', body: { parent_id: other.id } });
    expect(moveTop.status).toBe(400);
    expect(
      (await request(`/api/chat-folders/${top.id}`, { method: 'PATCH', body: { parent_id: top.id } })).status,
    ).toBe(400);
    const renamed = await request<ChatFolder>(`/api/chat-folders/${other.id}`, {
      method: 'PATCH',
      body: { name: 'Archive box' },
    });
    expect(renamed.body.name).toBe('Archive box');

    const c1 = await create('In top');
    const c2 = await create('In sub');
    expect((await organize(c1.id, { folder_id: top.id })).body.folder_id).toBe(top.id);
    expect((await organize(c2.id, { folder_id: sub.body.id })).body.folder_id).toBe(sub.body.id);
    expect(await titles(`section=folder&folder_id=${top.id}`)).toEqual(['In top']);
    expect(await titles(`section=folder&folder_id=${sub.body.id}`)).toEqual(['In sub']);
    expect(await titles('section=unfiled')).not.toContain('In top');
    expect((await request('/api/conversations?section=folder')).status).toBe(400);

    const list = (await request<ChatFolderList>('/api/chat-folders')).body.folders.map((f) => f.name);
    expect(list).toEqual(expect.arrayContaining(['Projects', 'Hearth', 'Archive box']));

    expect((await request(`/api/chat-folders/${top.id}`, { method: 'DELETE' })).status).toBe(200);
    const after = (await request<ChatFolderList>('/api/chat-folders')).body.folders.map((f) => f.id);
    expect(after).not.toContain(top.id);
    expect(after).not.toContain(sub.body.id);
    expect((await request<Conversation>(`/api/conversations/${c1.id}`)).body.folder_id).toBeNull();
    expect((await request<Conversation>(`/api/conversations/${c2.id}`)).body.folder_id).toBeNull();
    expect(await titles('section=unfiled')).toEqual(expect.arrayContaining(['In top', 'In sub']));
  });

  it('bulk archives, restores, moves and deletes, all or nothing', async () => {
    const ids = [(await create('Bulk 1')).id, (await create('Bulk 2')).id, (await create('Bulk 3')).id];
    const box = (await folder('Bulk box')).body;
    const bulk = (body: unknown, token = owner.token) =>
      fixture.server.request<{ count: number }>('/api/conversations/bulk', { token, body });

    expect((await bulk({ ids, action: 'archive' })).body.count).toBe(3);
    expect(await titles('section=archived&q=bulk')).toHaveLength(3);
    expect((await bulk({ ids, action: 'restore' })).body.count).toBe(3);
    expect((await bulk({ ids: ids.slice(0, 2), action: 'move', folder_id: box.id })).body.count).toBe(2);
    expect(await titles(`section=folder&folder_id=${box.id}`)).toHaveLength(2);
    expect((await bulk({ ids, action: 'move' })).status).toBe(400);

    // One foreign id refuses the whole request and changes nothing.
    const foreign = await create('Not yours', stranger.token);
    const refused = await bulk({ ids: [...ids, foreign.id], action: 'delete' });
    expect(refused.status).toBe(404);
    expect((await request(`/api/conversations/${ids[0]}`)).status).toBe(200);
    expect((await bulk({ ids: [foreign.id], action: 'archive' })).status).toBe(404);
    expect(
      (await request<Conversation>(`/api/conversations/${foreign.id}`, { token: stranger.token })).body.archived_at,
    ).toBeNull();
    // Moving into another user's folder is refused too.
    const theirs = (await folder('Theirs', undefined, stranger.token)).body;
    expect((await bulk({ ids, action: 'move', folder_id: theirs.id })).status).toBe(404);

    expect((await bulk({ ids, action: 'delete' })).body.count).toBe(3);
    for (const id of ids) expect((await request(`/api/conversations/${id}`)).status).toBe(404);

    const audit = await fixture.server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['action', 'details'])
      .where('user_id', '=', owner.id)
      .where('resource_type', '=', 'conversation')
      .where('resource_id', 'is', null)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['UPDATE', 'DELETE']));
  });

  it("another user's conversations and folders read as not found", async () => {
    const mine = await create('Private');
    const myFolder = (await folder('Private folder')).body;
    expect((await organize(mine.id, { pinned: true }, stranger.token)).status).toBe(404);
    const theirs = await create('Theirs', stranger.token);
    expect((await organize(theirs.id, { folder_id: myFolder.id }, stranger.token)).status).toBe(404);
    expect((await folder('Sub', myFolder.id, stranger.token)).status).toBe(404);
    for (const method of ['PATCH', 'DELETE']) {
      const response = await fixture.server.request(`/api/chat-folders/${myFolder.id}`, {
        method,
        token: stranger.token,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(response.status).toBe(404);
    }
    const strangerFolders = await fixture.server.request<ChatFolderList>('/api/chat-folders', {
      token: stranger.token,
    });
    expect(strangerFolders.body.folders.map((f) => f.id)).not.toContain(myFolder.id);
    expect(await titles('section=pinned', stranger.token)).not.toContain('Private');
  });
});
