import { CHAT_GENERATION_EVENT, type ConversationList, type LiveAnswerEvent } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatStream } from '../../../test/chat-helpers';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { type ReplicaPair, replicaSkipReason, startReplicaPair } from '../../../test/replica-pair';
import { openSse } from '../../../test/sse-client';
import { createUser, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const MODEL = 'llama3:latest';
const skip = replicaSkipReason(testDb);

/** Issue 17 across replicas: an answer generated on A, its client gone, is followed and stopped from B. */
describe.skipIf(skip !== undefined)('live answers on two replicas (PostgreSQL)', () => {
  let ollama: FakeOllama;
  let pair: ReplicaPair;
  let owner: TestUser;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    pair = await startReplicaPair({ OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false' });
    owner = await createUser(pair.a, 'live-replicas');
  }, 240_000);
  afterAll(async () => {
    await pair?.close();
    await ollama?.close();
  });

  it('follows on B an answer that A goes on generating after its client left, then it completes', async () => {
    const reply = Array.from({ length: 40 }, (_, index) => `w${index}`).join(' ');
    Object.assign(ollama.knobs, { reply, tokenDelayMs: 100 });
    const onB = await openSse(`${pair.b.url}/api/events`, { token: owner.token });
    // The chat helpers read a TestServer's url only.
    const stream = await openChatStream(pair.a as unknown as TestServer, owner.token, '/api/chat/stream', {
      model: MODEL,
      content: 'Across replicas',
    });
    const id = (await stream.until('conversation'))?.conversation.id ?? '';
    await stream.until('token');
    stream.abort();

    // The start reaches B's event stream; B's list says so once A saved the first text.
    const started = await onB.waitFor((event) => event.event === CHAT_GENERATION_EVENT, 5000);
    expect(started.data).toMatchObject({ conversation_id: id, generating: true });
    onB.close();
    await expect
      .poll(async () => {
        const list = await pair.b.request<ConversationList>('/api/conversations', { token: owner.token });
        return list.body.conversations.find((item) => item.id === id)?.generating;
      })
      .toBe(true);

    const follower = await openSse(`${pair.b.url}/api/conversations/${id}/live`, { token: owner.token });
    expect(follower.status).toBe(200);
    await follower.ended;
    let text = '';
    for (const { data } of follower.events) {
      const event = data as LiveAnswerEvent;
      if (event.type === 'snapshot') text = event.text;
      else if (event.type === 'token') text += event.text;
    }
    expect(text).toBe(reply);
    expect(follower.events.at(-1)?.data).toMatchObject({ type: 'done', message: { content: reply } });
    const done = follower.events.at(-1)?.data as Extract<LiveAnswerEvent, { type: 'done' }>;
    expect(done.message.metadata.stopped).toBeUndefined();
  }, 60_000);
});
