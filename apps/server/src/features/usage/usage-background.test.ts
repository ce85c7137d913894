import type { MyUsage } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { sleep } from '../../../test/fakes/fake-http';
import { createUser, testDb } from '../../../test/test-server';

const REPLY = 'Lighthouse keepers';

/** The calls a chat makes on its own (here the automatic title) count their tokens, but as no message. */
describe(`usage of a chat's background calls (${testDb})`, () => {
  let fixture: ChatFixture;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: REPLY }, { CHAT_AUTO_TITLE: 'true' });
  });
  afterAll(() => fixture.close());

  it("counts the automatic title's tokens without counting it as a message", async () => {
    const user = await createUser(fixture.server, 'titled');
    const chat = await streamChat(fixture.server, user.token, '/api/chat/stream', {
      model: 'llama3:latest',
      content: 'Who kept the lights?',
    });
    expect(chat.events.at(-1)?.type).toBe('done');
    // The title call follows the answer; wait until its tokens are in.
    let usage: MyUsage | undefined;
    for (let tries = 0; tries < 100; tries += 1) {
      usage = (await fixture.server.request<MyUsage>('/api/usage/me?days=1', { token: user.token })).body;
      if (usage.totals.prompt_tokens > 12) break;
      await sleep(100);
    }
    // Two calls of the fake runtime (12 prompt tokens and one per word of its reply each), one message.
    expect(usage?.totals).toEqual({ requests: 1, prompt_tokens: 24, completion_tokens: 4, estimated_requests: 0 });
    expect(fixture.ollama.chats().length).toBe(2);
  });
});
