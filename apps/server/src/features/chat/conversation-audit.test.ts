import type { AuditLogList, ChatStreamEvent, Conversation } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

describe(`conversation changes are audited (${testDb})`, () => {
  let fixture: ChatFixture;
  let user: TestUser;
  const entries = async () =>
    (await fixture.server.request<AuditLogList>('/api/audit-logs?resource_type=conversation', { token: user.token }))
      .body.entries;

  beforeAll(async () => {
    fixture = await startChatServer();
    user = await createUser(fixture.server, 'audited');
  });
  afterAll(() => fixture.close());

  it('records create, rename, delete and clear, with who acted and from where', async () => {
    const created = await fixture.server.request<Conversation>('/api/conversations', {
      token: user.token,
      body: { title: 'Plans' },
      headers: { 'user-agent': 'audit-test' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await fixture.server.request(`/api/conversations/${id}`, {
      method: 'PATCH',
      token: user.token,
      body: { title: 'Trips' },
    });
    await fixture.server.request(`/api/conversations/${id}`, { method: 'DELETE', token: user.token });

    const sent = await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: 'llama3:latest',
      content: 'A first message makes a conversation',
    });
    const first = sent.events.find((event) => event.type === 'conversation') as Extract<
      ChatStreamEvent,
      { type: 'conversation' }
    >;
    await fixture.server.request('/api/conversations', { method: 'DELETE', token: user.token });

    const log = await entries();
    const summary = log.map((entry) => [entry.action, entry.resource_id]).reverse();
    expect(summary).toEqual([
      ['CREATE', id],
      ['UPDATE', id],
      ['DELETE', id],
      ['CREATE', first.conversation.id],
      ['DELETE', null],
    ]);
    const rename = log.find((entry) => entry.action === 'UPDATE');
    expect(rename).toMatchObject({ actor_id: user.id, user_id: user.id, details: { title: 'Trips' } });
    expect(log.find((entry) => entry.resource_id === id && entry.action === 'CREATE')?.user_agent).toBe('audit-test');
    expect(log.at(0)?.details).toEqual({ cleared: 1 });
  });

  it('writes nothing when the change is refused', async () => {
    const before = (await entries()).length;
    const stranger = await createUser(fixture.server, 'stranger');
    const theirs = await fixture.server.request<Conversation>('/api/conversations', {
      token: stranger.token,
      body: { title: 'Mine' },
    });
    const refused = await fixture.server.request(`/api/conversations/${theirs.body.id}`, {
      method: 'DELETE',
      token: user.token,
    });
    expect(refused.status).toBe(404);
    expect((await entries()).length).toBe(before);
  });
});
