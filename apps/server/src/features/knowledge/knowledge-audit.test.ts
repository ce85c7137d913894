import type { AuditLogList } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from './knowledge-test-helpers';

describe(`knowledge changes are audited (${testDb})`, () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    user = await createUser(server, 'librarian');
  });
  afterAll(() => server.close());

  it('records collection and document creation and deletion in order', async () => {
    const collection = await createCollection(server, user, 'Audited');
    const upload = await uploadDocument(server, user.token, collection.id, 'memo.txt', 'A memo about audits.');
    await waitForDocument(server, user.token, upload.body.id);
    await server.request(`/api/knowledge/documents/${upload.body.id}`, { method: 'DELETE', token: user.token });
    await server.request(`/api/knowledge/collections/${collection.id}`, { method: 'DELETE', token: user.token });
    // A refused change writes nothing.
    const stranger = await createUser(server, 'stranger');
    const theirs = await createCollection(server, stranger, 'Theirs');
    expect(
      (await server.request(`/api/knowledge/collections/${theirs.id}`, { method: 'DELETE', token: user.token })).status,
    ).toBe(404);

    const log = await server.request<AuditLogList>('/api/audit-logs', { token: user.token });
    const knowledge = log.body.entries
      .filter((entry) => entry.resource_type === 'collection' || entry.resource_type === 'document')
      .map((entry) => [entry.action, entry.resource_type, entry.resource_id])
      .reverse();
    expect(knowledge).toEqual([
      ['CREATE', 'collection', collection.id],
      ['CREATE', 'document', upload.body.id],
      ['DELETE', 'document', upload.body.id],
      ['DELETE', 'collection', collection.id],
    ]);
    const created = log.body.entries.find((entry) => entry.resource_type === 'document' && entry.action === 'CREATE');
    expect(created?.details).toMatchObject({ collection_id: collection.id, file_name: 'memo.txt' });
    expect(created?.actor_id).toBe(user.id);
  });
});
