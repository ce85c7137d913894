import type {
  AuditLogList,
  ChatShare,
  ChatShareList,
  ConversationExport,
  ConversationList,
  ImportResult,
  MessageList,
  SharedConversation,
} from '@hearth/contract';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, kyselyOf, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';

describe(`share links, export and import (${testDb})`, () => {
  let fixture: ChatFixture;
  let superAdmin: TestUser;
  let owner: TestUser;
  let member: TestUser;
  let conversationId: string;

  const request = <T>(path: string, options: Parameters<ChatFixture['server']['request']>[1] = {}) =>
    fixture.server.request<T>(path, options);
  const setPublicLinks = (allowed: boolean) =>
    request('/api/admin/settings/system', {
      method: 'PUT',
      token: superAdmin.token,
      body: { default_model: null, upload_limit_mb: 10, public_share_links: allowed },
    });
  const upload = async (token: string, name: string, content: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/json' }), name);
    const response = await fetch(`${fixture.server.url}/api/conversations/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as ImportResult & { code?: string } };
  };

  beforeAll(async () => {
    fixture = await startChatServer({ reply: 'Paris is the capital of France — Ελλάδα and Москва too.' });
    superAdmin = await createUser(fixture.server, 'root');
    owner = await createUser(fixture.server, 'owner');
    member = await createUser(fixture.server, 'member');
    const sent = await streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'What is the capital of France?',
    });
    const first = sent.events.find((event) => event.type === 'conversation');
    if (first?.type !== 'conversation') throw new Error('no conversation');
    conversationId = first.conversation.id;
  });
  afterAll(() => fixture.close());

  it('shares a frozen snapshot that signed-in members can open and anonymous visitors cannot', async () => {
    const created = await request<ChatShare>('/api/shares', {
      token: owner.token,
      body: { conversation_id: conversationId },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ public: false, message_count: 2, conversation_id: conversationId });

    // The chat goes on after sharing: the link still shows what it held then.
    await streamChat(fixture.server, owner.token, '/api/chat/stream', {
      model: MODEL,
      conversation_id: conversationId,
      content: 'A later question',
    });
    await request(`/api/conversations/${conversationId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: 'Renamed later' },
    });

    const opened = await request<SharedConversation>(`/api/shared/${created.body.token}`, { token: member.token });
    expect(opened.status).toBe(200);
    expect(opened.body.messages.map((message) => message.type)).toEqual(['user', 'assistant']);
    expect(opened.body.messages[0]?.content).toBe('What is the capital of France?');
    expect(opened.body.title).not.toBe('Renamed later');

    expect((await request(`/api/shared/${created.body.token}`)).status).toBe(401);
    expect((await request(`/api/shared/${'x'.repeat(43)}`, { token: member.token })).status).toBe(404);
  });

  it('offers public links only when an admin allows them', async () => {
    const refused = await request<{ code: string }>('/api/shares', {
      token: owner.token,
      body: { conversation_id: conversationId, public: true },
    });
    expect(refused.status).toBe(403);

    await setPublicLinks(true);
    const made = await request<ChatShare>('/api/shares', {
      token: owner.token,
      body: { conversation_id: conversationId, public: true },
    });
    expect(made.status).toBe(201);
    expect((await request(`/api/shared/${made.body.token}`)).status).toBe(200);
    // Turning the setting off again closes public links at once.
    await setPublicLinks(false);
    expect((await request(`/api/shared/${made.body.token}`)).status).toBe(401);
    expect((await request(`/api/shared/${made.body.token}`, { token: member.token })).status).toBe(200);
  });

  it('lists own links; only the owner revokes, and a revoked link is gone', async () => {
    const mine = await request<ChatShareList>('/api/shares', { token: owner.token });
    expect(mine.body.shares.length).toBeGreaterThanOrEqual(2);
    expect((await request<ChatShareList>('/api/shares', { token: member.token })).body.shares).toEqual([]);
    const [share] = mine.body.shares;
    if (!share) throw new Error('no share');
    expect((await request(`/api/shares/${share.id}`, { method: 'DELETE', token: member.token })).status).toBe(404);
    expect((await request(`/api/shares/${share.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await request(`/api/shared/${share.token}`, { token: member.token })).status).toBe(404);
    expect((await request(`/api/shares/${share.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });

  it('refuses to share or export another person’s conversation', async () => {
    const share = await request('/api/shares', { token: member.token, body: { conversation_id: conversationId } });
    expect(share.status).toBe(404);
    expect((await request(`/api/conversations/${conversationId}/export`, { token: member.token })).status).toBe(404);
  });

  it('exports Markdown, JSON and PDF with a download name', async () => {
    const markdown = await fetch(`${fixture.server.url}/api/conversations/${conversationId}/export?format=md`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-disposition')).toBe('attachment; filename=Renamed-later.md');
    const text = await markdown.text();
    expect(text).toContain('# Renamed later');
    expect(text).toContain('What is the capital of France?');

    const json = await request<ConversationExport>(`/api/conversations/${conversationId}/export?format=json`, {
      token: owner.token,
    });
    expect(json.body.format).toBe('hearth.conversation');
    expect(json.body.messages.map((message) => message.type)).toEqual(['user', 'assistant', 'user', 'assistant']);

    const pdf = await fetch(`${fixture.server.url}/api/conversations/${conversationId}/export?format=pdf`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const document = await getDocumentProxy(bytes);
    const page = await document.getPage(1);
    const content = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(content).toContain('What is the capital of France?');
    // Non-Latin text survives (a Unicode font is embedded where one is installed).
    expect(content).toContain('Ελλάδα');
  });

  it('imports a ChatGPT export with its branches and the shown branch active', async () => {
    const chatgpt = [
      {
        title: 'Trip ideas',
        create_time: 1_700_000_000,
        current_node: 'a2',
        mapping: {
          root: { id: 'root', message: null, parent: null, children: ['sys'] },
          sys: {
            id: 'sys',
            parent: 'root',
            message: { author: { role: 'system' }, content: { content_type: 'text', parts: [''] } },
          },
          u1: {
            id: 'u1',
            parent: 'sys',
            message: {
              author: { role: 'user' },
              create_time: 1_700_000_001,
              content: { content_type: 'text', parts: ['Where should I travel?'] },
            },
          },
          a1: {
            id: 'a1',
            parent: 'u1',
            message: {
              author: { role: 'assistant' },
              create_time: 1_700_000_002,
              content: { content_type: 'text', parts: ['Lisbon.'] },
              metadata: { model_slug: 'gpt-4o' },
            },
          },
          a2: {
            id: 'a2',
            parent: 'u1',
            message: {
              author: { role: 'assistant' },
              create_time: 1_700_000_003,
              content: { content_type: 'text', parts: ['Kyoto.'] },
              metadata: { model_slug: 'gpt-4o' },
            },
          },
        },
      },
      { title: 'Empty', mapping: {}, current_node: null },
    ];
    const result = await upload(owner.token, 'conversations.json', JSON.stringify(chatgpt));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ source: 'chatgpt', imported: 1 });
    expect(result.body.skipped).toEqual([{ title: 'Empty', reason: 'It has no messages' }]);
    const id = result.body.conversations[0]?.id ?? '';
    const messages = await request<MessageList>(`/api/conversations/${id}/messages`, { token: owner.token });
    expect(messages.body.messages.map((message) => message.content)).toEqual(['Where should I travel?', 'Kyoto.']);
    // The other answer is kept too, as a sibling of the shown one (branching).
    const rows = await kyselyOf(fixture.server)
      .selectFrom('chat_messages')
      .select(['content', 'parent_id'])
      .where('conversation_id', '=', id)
      .execute();
    const question = messages.body.messages[0]?.id;
    expect(
      rows
        .filter((row) => row.parent_id === question)
        .map((row) => row.content)
        .sort(),
    ).toEqual(['Kyoto.', 'Lisbon.']);
    const exported = await request<ConversationExport>(`/api/conversations/${id}/export?format=json`, {
      token: owner.token,
    });
    expect(exported.body.messages.map((message) => message.content)).toEqual(['Where should I travel?', 'Kyoto.']);
  });

  it('imports an Open WebUI export and refuses a file that is neither', async () => {
    const webui = [
      {
        id: 'c1',
        title: 'Recipes',
        created_at: 1_700_000_100,
        chat: {
          title: 'Recipes',
          history: {
            currentId: 'm2',
            messages: {
              m1: { id: 'm1', parentId: null, role: 'user', content: 'A soup?', timestamp: 1_700_000_101 },
              m2: { id: 'm2', parentId: 'm1', role: 'assistant', content: 'Minestrone.', model: 'llama3' },
            },
          },
        },
      },
      { id: 'c2', title: 'Old style', chat: { messages: [{ role: 'user', content: 'Hello' }] } },
    ];
    const result = await upload(member.token, 'chats.json', JSON.stringify(webui));
    expect(result.body).toMatchObject({ source: 'open-webui', imported: 2, skipped: [] });
    const list = await request<ConversationList>('/api/conversations', { token: member.token });
    expect(list.body.conversations.map((conversation) => conversation.title).sort()).toEqual(['Old style', 'Recipes']);

    const wrong = await upload(member.token, 'notes.json', JSON.stringify({ hello: 'world' }));
    expect(wrong.status).toBe(415);
    expect(wrong.body.code).toBe('unsupported_file');
    expect((await upload(member.token, 'broken.json', '{not json')).status).toBe(415);
  });

  it('answers a temporary chat without storing anything', async () => {
    const before = await request<ConversationList>('/api/conversations', { token: owner.token });
    const newest = async () =>
      (await request<AuditLogList>('/api/audit-logs?limit=1', { token: owner.token })).body.entries[0]?.id;
    const audited = await newest();
    const response = await fetch(`${fixture.server.url}/api/chat/temporary`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Nothing saved?' }] }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    expect(text).toContain('event: done');
    expect(text).toContain('Paris');
    const after = await request<ConversationList>('/api/conversations', { token: owner.token });
    expect(after.body.conversations).toEqual(before.body.conversations);
    expect(await newest()).toBe(audited);

    const unknown = await request('/api/chat/temporary', {
      token: owner.token,
      body: { model: 'nope:latest', messages: [{ role: 'user', content: 'x' }] },
    });
    expect(unknown.status).toBe(404);
  });
});
