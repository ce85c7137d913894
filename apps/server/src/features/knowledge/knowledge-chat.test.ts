import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer } from '../../../test/chat-helpers';
import { createUser, testDb, type TestUser } from '../../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from './knowledge-test-helpers';

describe(`chat with selected collections uses knowledge search (${testDb})`, () => {
  let fixture: ChatFixture;
  let owner: TestUser;
  let stranger: TestUser;
  let collectionId: string;

  beforeAll(async () => {
    fixture = await startChatServer();
    owner = await createUser(fixture.server, 'kbchat');
    stranger = await createUser(fixture.server, 'kbchat-other');
    collectionId = (await createCollection(fixture.server, owner, 'Handbook')).id;
    const uploaded = await uploadDocument(
      fixture.server,
      owner.token,
      collectionId,
      'leave.md',
      '# Leave policy\n\nEmployees receive twenty-five days of annual leave per year.',
    );
    await waitForDocument(fixture.server, owner.token, uploaded.body.id);
  });
  afterAll(() => fixture.close());

  const ask = (user: TestUser, collections: string[]) =>
    fixture.server.request<{ usedDocuments: { fileName: string; collectionName: string }[] }>('/api/chat', {
      token: user.token,
      body: { message: 'How many days of annual leave?', model: 'llama3:latest', selectedCollections: collections },
    });

  it("puts the owner's matching documents in the answer's sources, and nobody else's", async () => {
    const mine = await ask(owner, [collectionId]);
    expect(mine.status).toBe(200);
    expect(mine.body.usedDocuments[0]).toMatchObject({ fileName: 'leave.md', collectionName: 'Handbook' });

    const theirs = await ask(stranger, [collectionId]);
    expect(theirs.status).toBe(200);
    expect(theirs.body.usedDocuments).toEqual([]);
  });
});
