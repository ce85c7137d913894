import {
  answerConfidence,
  type ChatStreamEvent,
  type Message,
  type SuggestCollectionsResponse,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer, streamChat } from '../../../test/chat-helpers';
import { SUPPORT_JUDGE_SYSTEM } from '../chat/answer-support-judge';
import { createUser, testDb, type TestUser } from '../../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from './knowledge-test-helpers';

const MODEL = 'llama3:latest';
const REPLY =
  'Employees receive twenty-five days of annual leave per year [1]. Unused days can be carried over to the next year.';

interface SentChat {
  messages: { role: string; content: string }[];
}

const isSupportCheck = (sent: SentChat) => sent.messages[0]?.content === SUPPORT_JUDGE_SYSTEM;
const contextOf = (events: ChatStreamEvent[]) => {
  const event = events.find((item) => item.type === 'context');
  if (event?.type !== 'context') throw new Error('no context event');
  return event;
};
const doneOf = (events: ChatStreamEvent[]): Message => {
  const event = events.at(-1);
  if (event?.type !== 'done') throw new Error(`expected done, got ${JSON.stringify(event)}`);
  return event.message;
};

describe(`answers with sources: citations, confidence, indexing notice, suggestions (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;
  let handbook: string;
  let recipes: string;
  let leaveDoc: string;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: REPLY });
    owner = await createUser(fixture.server, 'sources');
    stranger = await createUser(fixture.server, 'sources-other');
    handbook = (await createCollection(fixture.server, owner, 'Handbook')).id;
    recipes = (await createCollection(fixture.server, owner, 'Recipes')).id;
    const upload = async (collectionId: string, name: string, text: string) => {
      const uploaded = await uploadDocument(fixture.server, owner.token, collectionId, name, text);
      return (await waitForDocument(fixture.server, owner.token, uploaded.body.id)).id;
    };
    leaveDoc = await upload(
      handbook,
      'leave.md',
      '# Leave policy\n\nEmployees receive twenty-five days of annual leave per year.\n\nAsk your manager first.',
    );
    await upload(handbook, 'expenses.txt', 'Travel expenses are reimbursed within thirty days of the claim.');
    await upload(recipes, 'soup.txt', 'Tomato soup: simmer tomatoes and onions for twenty minutes.');
  });
  afterAll(() => fixture.close());

  const ask = (user: TestUser, content: string, body: Record<string, unknown> = {}) =>
    streamChat(fixture.server, user.token, '/api/chat/stream', { model: MODEL, content, ...body });
  const lastSystemPrompt = () => {
    // The answer's request, not the answer-support check that follows it.
    const answers = fixture.ollama.chats().filter((chat) => !isSupportCheck(chat.body as SentChat));
    const sent = answers.at(-1)?.body as SentChat;
    return sent.messages[0]?.role === 'system' ? (sent.messages[0]?.content ?? '') : '';
  };

  it('streams and saves the sources with collection, page and chunk, and asks the model to cite them', async () => {
    const { events } = await ask(owner, 'How many days of annual leave do employees get?', {
      selectedCollections: [handbook],
    });
    const context = contextOf(events);
    expect(context.used_documents[0]).toMatchObject({
      id: leaveDoc,
      fileName: 'leave.md',
      collectionName: 'Handbook',
      collectionId: handbook,
      page: null,
    });
    expect(context.used_documents[0]?.chunkId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.used_documents[0]?.snippet).toContain('twenty-five days');
    expect(context.indexing_collections).toEqual([]);

    const saved = doneOf(events);
    expect(saved.metadata.used_documents).toEqual(context.used_documents);
    expect(saved.metadata.indexing_collections).toBeUndefined();
    expect(saved.metadata.confidence).toBe(answerConfidence({ answer: REPLY, documents: context.used_documents }));
    expect(saved.metadata.confidence).toBeGreaterThan(0.9);

    const prompt = lastSystemPrompt();
    expect(prompt).toContain('[1] leave.md (collection: Handbook)');
    expect(prompt).toMatch(/cite the source right after it as \[1\]/);
    expect(prompt).not.toContain('still being indexed');

    // The thread reloads with the same metadata.
    const messages = await fixture.server.request<{ messages: Message[] }>(
      `/api/conversations/${saved.conversation_id}/messages`,
      { token: owner.token },
    );
    expect(messages.body.messages.at(-1)?.metadata.used_documents?.[0]?.chunkId).toBe(
      context.used_documents[0]?.chunkId,
    );
  });

  it('rates an answer that searched but found nothing at the base confidence', async () => {
    const { events } = await ask(owner, 'Which volcanoes erupted in Iceland?', { selectedCollections: [recipes] });
    expect(contextOf(events).used_documents).toEqual([]);
    expect(doneOf(events).metadata.confidence).toBeCloseTo(0.6, 5); // base 0.5 + 0.1 for a long answer
  });

  it('gives no confidence to answers that did not search documents', async () => {
    const { events } = await ask(owner, 'How many days of annual leave?', { useDocumentContext: false });
    expect(doneOf(events).metadata.confidence).toBeUndefined();
  });

  it("never uses another user's collection, even when its id is sent", async () => {
    const { events } = await ask(stranger, 'How many days of annual leave?', { selectedCollections: [handbook] });
    const context = contextOf(events);
    expect(context.used_documents).toEqual([]);
    expect(context.indexing_collections).toEqual([]);
    expect(lastSystemPrompt()).not.toContain('leave.md');
  });

  it('picks the documents with advanced retrieval when it is on, never from another user', async () => {
    const advancedRetrieval = {
      enabled: true,
      useReranking: false,
      useQueryExpansion: false,
      useMultiStepReasoning: false,
      maxResults: 10,
    };
    const { events } = await ask(owner, 'How many days of annual leave do employees get?', {
      selectedCollections: [handbook],
      advancedRetrieval,
    });
    expect(contextOf(events).used_documents[0]).toMatchObject({ id: leaveDoc, collectionId: handbook });
    expect(doneOf(events).metadata.advanced_retrieval).toBe(true);

    const theirs = await ask(stranger, 'How many days of annual leave?', {
      selectedCollections: [handbook],
      advancedRetrieval,
    });
    expect(contextOf(theirs.events).used_documents).toEqual([]);
    const everything = await ask(stranger, 'How many days of annual leave?', { advancedRetrieval });
    expect(contextOf(everything.events).used_documents).toEqual([]);
  });

  it('says which searched collections are still indexing, in the event, the metadata and the prompt', async () => {
    const queue = fixture.server.app.knowledge.queue;
    await queue.stop();
    try {
      const uploaded = await uploadDocument(fixture.server, owner.token, handbook, 'bonus.txt', 'Bonus rules.');
      expect(uploaded.body.status).toBe('queued');
      const { events } = await ask(owner, 'How many days of annual leave?', { selectedCollections: [handbook] });
      const expected = [{ collection_id: handbook, collection_name: 'Handbook', pending: 1 }];
      expect(contextOf(events).indexing_collections).toEqual(expected);
      expect(doneOf(events).metadata.indexing_collections).toEqual(expected);
      expect(lastSystemPrompt()).toContain('"Handbook" (1 document still being indexed)');

      // All collections searched (none selected): still reported. Only Recipes selected: not reported.
      const all = await ask(owner, 'How many days of annual leave?');
      expect(contextOf(all.events).indexing_collections).toEqual(expected);
      const other = await ask(owner, 'Tomato soup?', { selectedCollections: [recipes] });
      expect(contextOf(other.events).indexing_collections).toEqual([]);
      // Another user searching everything of theirs never hears of it.
      const theirs = await ask(stranger, 'How many days of annual leave?');
      expect(contextOf(theirs.events).indexing_collections).toEqual([]);
    } finally {
      await queue.start();
    }
  });

  const suggest = (user: TestUser, message: string) =>
    fixture.server.request<SuggestCollectionsResponse>('/api/knowledge/suggest-collections', {
      token: user.token,
      body: { message },
    });

  it('suggests collections by name and matching documents, best first, only the owner’s', async () => {
    const byContent = await suggest(owner, 'How are travel expenses and annual leave handled?');
    expect(byContent.status).toBe(200);
    expect(byContent.body.suggestions).toEqual([
      { collection_id: handbook, name: 'Handbook', score: 0.4, reason: '2 documents match' },
    ]);

    const byName = await suggest(owner, 'Any recipes with tomatoes for tonight?');
    expect(byName.body.suggestions[0]).toEqual({
      collection_id: recipes,
      name: 'Recipes',
      score: 0.5,
      reason: 'Name matches "recipes" · 1 document matches',
    });

    const byFileName = await suggest(owner, 'Show me the soup');
    expect(byFileName.body.suggestions.map((item) => item.collection_id)).toEqual([recipes]);

    expect((await suggest(owner, 'Quantum chromodynamics lattice')).body.suggestions).toEqual([]);
    expect((await suggest(stranger, 'How are travel expenses and annual leave handled?')).body.suggestions).toEqual([]);
  });

  it('refuses an empty message and callers who are not signed in', async () => {
    expect((await suggest(owner, '')).status).toBe(400);
    const anonymous = await fixture.server.request('/api/knowledge/suggest-collections', {
      body: { message: 'x y z' },
    });
    expect(anonymous.status).toBe(401);
  });
});
