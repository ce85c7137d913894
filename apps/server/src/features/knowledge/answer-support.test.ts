import type { ChatStreamEvent, Message } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { createUser, testDb, type TestUser } from '../../../test/test-server';
import { SUPPORT_JUDGE_SYSTEM } from '../chat/answer-support-judge';
import { createCollection, uploadDocument, waitForDocument } from './knowledge-test-helpers';

const MODEL = 'llama3:latest';
const SUPPORTED = 'Employees receive twenty-five days of annual leave per year [1].';
const INVENTED = 'Unused days are paid out at 150 percent by Globex.';

interface SentChat {
  messages: { role: string; content: string }[];
}

const doneOf = (events: ChatStreamEvent[]): Message => {
  const event = events.at(-1);
  if (event?.type !== 'done') throw new Error(`expected done, got ${JSON.stringify(event)}`);
  return event.message;
};

describe(`answer-support check and retrieval steps on answers (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let handbook: string;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: `${SUPPORTED} ${INVENTED}` });
    owner = await createUser(fixture.server, 'support');
    handbook = (await createCollection(fixture.server, owner, 'Handbook')).id;
    const uploaded = await uploadDocument(
      fixture.server,
      owner.token,
      handbook,
      'leave.md',
      '# Leave policy\n\nEmployees receive twenty-five days of annual leave per year.\n\nAsk your manager first.',
    );
    await waitForDocument(fixture.server, owner.token, uploaded.body.id);
  });
  afterAll(() => fixture.close());

  const ask = (content: string, body: Record<string, unknown> = {}) =>
    streamChat(fixture.server, owner.token, '/api/chat/stream', { model: MODEL, content, ...body });
  const judgeRequests = () =>
    fixture.ollama.chats().filter((chat) => (chat.body as SentChat).messages[0]?.content === SUPPORT_JUDGE_SYSTEM);

  it('stores how many statements the cited passages back up, naming the others', async () => {
    const before = judgeRequests().length;
    const { events } = await ask('How many days of annual leave do employees get?', {
      selectedCollections: [handbook],
    });
    const saved = doneOf(events);
    expect(saved.metadata.used_documents?.[0]?.fileName).toBe('leave.md');
    // The model was asked to judge; its reply (the fake's canned answer) is no verdict, so word overlap answered.
    expect(judgeRequests()).toHaveLength(before + 1);
    const judged = judgeRequests().at(-1)?.body as SentChat;
    expect(judged.messages[1]?.content).toContain(`2. ${INVENTED}`);
    expect(saved.metadata.support).toEqual({
      supported: 1,
      total: 2,
      unsupported: [INVENTED],
      method: 'lexical',
    });

    // Saved with the answer: the thread reloads with it.
    const thread = await fixture.server.request<{ messages: Message[] }>(
      `/api/conversations/${saved.conversation_id}/messages`,
      { token: owner.token },
    );
    expect(thread.body.messages.at(-1)?.metadata.support?.supported).toBe(1);
  });

  it('checks nothing for an answer without sources', async () => {
    const before = judgeRequests().length;
    const plain = doneOf((await ask('How many days of annual leave?', { useDocumentContext: false })).events);
    expect(plain.metadata.support).toBeUndefined();
    expect(plain.metadata.used_documents).toBeUndefined();
    const nothing = doneOf(
      (await ask('Which volcanoes erupted in Iceland?', { selectedCollections: [handbook] })).events,
    );
    expect(nothing.metadata.support).toBeUndefined();
    expect(judgeRequests()).toHaveLength(before);
  });

  it('keeps what advanced retrieval did (steps, validation) with the answer it picked the sources for', async () => {
    const { events } = await ask('How many days of annual leave do employees get?', {
      selectedCollections: [handbook],
      advancedRetrieval: {
        enabled: true,
        useReranking: true,
        useQueryExpansion: false,
        useMultiStepReasoning: false,
        maxResults: 10,
      },
    });
    const saved = doneOf(events);
    expect(saved.metadata.advanced_retrieval).toBe(true);
    const details = saved.metadata.retrieval_details;
    expect(details?.steps.some((step) => step.startsWith('Reranked'))).toBe(true);
    expect(details?.steps.at(-1)).toMatch(/^Validated the results/);
    expect(details?.steps.at(-1)).toContain(`confidence ${Math.round((details?.validation.confidence ?? 0) * 100)}%`);
    expect(details?.explanation).toMatch(/^Found 1 matching document/);
    expect(details?.expanded_queries).toEqual(['How many days of annual leave do employees get?']);

    const plain = doneOf((await ask('How many days of annual leave?', { selectedCollections: [handbook] })).events);
    expect(plain.metadata.retrieval_details).toBeUndefined();
  });
});
