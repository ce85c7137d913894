import type { Conversation } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { openSse } from '../../../test/sse-client';
import { createUser, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';

describe(`automatic titles after the first answer (${testDb})`, () => {
  let fixture: ChatFixture;
  let user: TestUser;

  beforeAll(async () => {
    // The fake model answers every request with this text: the chat's answer and the title request alike.
    fixture = await startChatServer({ reply: '"Lighthouse keeping history."' }, { CHAT_AUTO_TITLE: 'true' });
    user = await createUser(fixture.server, 'autotitle');
  });
  afterAll(() => fixture.close());

  const first = async (content: string) => {
    const result = await streamChat(fixture.server, user.token, '/api/chat/stream', { model: MODEL, content });
    const event = result.events.find((e) => e.type === 'conversation');
    if (event?.type !== 'conversation') throw new Error('no conversation event');
    return event.conversation.id;
  };
  const titleOf = async (id: string) =>
    (await fixture.server.request<Conversation>(`/api/conversations/${id}`, { token: user.token })).body.title;

  it('names the chat with the model and tells open sidebars', async () => {
    const events = await openSse(`${fixture.server.url}/api/events`, { token: user.token });
    try {
      const id = await first('tell me about the people who kept lighthouses running in winter');
      const updated = await events.waitFor((event) => event.event === 'conversation.updated', 10_000);
      expect(updated.data).toMatchObject({ conversation: { id, title: 'Lighthouse keeping history' } });
      expect(await titleOf(id)).toBe('Lighthouse keeping history');
    } finally {
      events.close();
    }
  });

  it('never overwrites a title the person set', async () => {
    const id = await first('a question');
    await expect.poll(() => titleOf(id), { timeout: 10_000 }).toBe('Lighthouse keeping history');
    await fixture.server.request(`/api/conversations/${id}`, {
      token: user.token,
      method: 'PATCH',
      body: { title: 'My own name' },
    });
    // A later answer is not the first one, and the title is the person's: it stays.
    await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: MODEL,
      content: 'more',
      conversation_id: id,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await titleOf(id)).toBe('My own name');
  });
});
