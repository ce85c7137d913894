import type {
  CollectionListResponse,
  CollectionSharesResponse,
  DocumentListResponse,
  EmbeddingSettingsResponse,
  Group,
  Organization,
} from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { createCollection, search, uploadDocument, waitForDocument } from './knowledge-test-helpers';

const MODEL = 'ollama:nomic-embed-text';
const CAR = 'Our car needs new tyres before the winter trip. The garage quoted a fair price for the work.';

/**
 * Sharing a collection with a group or the organisation (issue 16), through the real search service on both
 * databases, lexical and vector (sqlite-vec sketches; pgvector HNSW on PostgreSQL): access is checked at
 * search time, so a member finds the shared documents and a non-member never does.
 */
describe(`collection sharing (${testDb})`, () => {
  let server: TestServer;
  let ollama: FakeOllama;
  let root: TestUser;
  let owner: TestUser;
  let member: TestUser;
  let writer: TestUser;
  let outsider: TestUser;
  let elsewhere: TestUser;
  let readers: Group;
  let writers: Group;
  let collectionId: string;

  const group = async (name: string, members: TestUser[]) => {
    const created = await server.request<Group>('/api/admin/groups', { token: root.token, body: { name } });
    for (const user of members) {
      const added = await server.request(`/api/admin/groups/${created.body.id}/members`, {
        token: root.token,
        body: { user_id: user.id },
      });
      expect(added.status).toBe(200);
    }
    return created.body;
  };
  const share = (token: string, id: string, shares: unknown[]) =>
    server.request<CollectionSharesResponse>(`/api/knowledge/collections/${id}/shares`, {
      method: 'PUT',
      token,
      body: { shares },
    });
  const names = async (user: TestUser, query: string) =>
    (await search(server, user.token, query)).map((result) => result.file_name);

  beforeAll(async () => {
    ollama = await startFakeOllama({
      models: [{ name: 'nomic-embed-text', capabilities: ['embedding'], family: 'nomic-bert' }],
      embeddingDimensions: 64,
      synonyms: { automobile: 'car' },
    });
    server = await startTestServer({
      OLLAMA_BASE_URL: ollama.url,
      MODEL_LIST_CACHE_MS: '0',
      BUILTIN_RUNTIME: 'false',
      SIGNUP_MODE: 'open',
    });
    root = await createUser(server, 'share-root');
    owner = await createUser(server, 'share-owner');
    member = await createUser(server, 'share-member');
    writer = await createUser(server, 'share-writer');
    outsider = await createUser(server, 'share-outsider');
    elsewhere = await createUser(server, 'share-elsewhere');
    const org = await server.request<Organization>('/api/admin/organizations', {
      token: root.token,
      body: { name: 'Elsewhere' },
    });
    await server.request(`/api/admin/users/${elsewhere.id}/organization`, {
      method: 'PATCH',
      token: root.token,
      body: { organization_id: org.body.id },
    });
    readers = await group('Readers', [member]);
    writers = await group('Writers', [writer]);
    const chosen = await server.request<EmbeddingSettingsResponse>('/api/knowledge/embedding', {
      method: 'PUT',
      token: root.token,
      body: { model: MODEL },
    });
    expect(chosen.status).toBe(200);
    collectionId = (await createCollection(server, owner, 'Garage')).id;
    const car = await uploadDocument(server, owner.token, collectionId, 'car.txt', CAR);
    // Generous: ingestion embeds too, and CI machines are small.
    expect((await waitForDocument(server, owner.token, car.body.id, 60_000)).status).toBe('ready');
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await ollama.close();
  });

  it('a collection shared with a group is found by its members (words and meaning), never by others', async () => {
    // The real approximate vector index of each database, not the in-server fallback.
    const embedding = await server.request<EmbeddingSettingsResponse>('/api/knowledge/embedding', {
      token: owner.token,
    });
    expect(embedding.body.vector_store).toBe(testDb === 'sqlite' ? 'sqlite-vec' : 'pgvector');
    // The synonym has no word in common with the text: only the vector path can find it.
    expect(await names(owner, 'automobile')).toEqual(['car.txt']);
    expect(await names(member, 'tyres')).toEqual([]);

    const shared = await share(owner.token, collectionId, [
      { subject: 'group', subject_id: readers.id, access: 'read' },
    ]);
    expect(shared.status).toBe(200);
    expect(shared.body.shares).toEqual([
      { subject: 'group', subject_id: readers.id, access: 'read', subject_name: 'Readers' },
    ]);

    expect(await names(member, 'tyres')).toEqual(['car.txt']);
    expect(await names(member, 'automobile')).toEqual(['car.txt']);
    expect((await search(server, member.token, 'tyres', [collectionId])).length).toBe(1);
    for (const stranger of [outsider, elsewhere, writer]) {
      expect(await names(stranger, 'tyres')).toEqual([]);
      expect(await names(stranger, 'automobile')).toEqual([]);
      expect((await search(server, stranger.token, 'tyres', [collectionId])).length).toBe(0);
    }

    const listed = await server.request<CollectionListResponse>('/api/knowledge/collections', { token: member.token });
    expect(listed.body.collections).toEqual([
      expect.objectContaining({ id: collectionId, access: 'read', document_count: 1 }),
    ]);
    const documents = await server.request<DocumentListResponse>(
      `/api/knowledge/collections/${collectionId}/documents`,
      {
        token: member.token,
      },
    );
    expect(documents.body.documents.map((document) => document.file_name)).toEqual(['car.txt']);
    const hidden = await server.request(`/api/knowledge/collections/${collectionId}/documents`, {
      token: outsider.token,
    });
    expect(hidden.status).toBe(404);
  });

  it('read-only members cannot add or delete; read-write members add documents the owner keeps', async () => {
    await share(owner.token, collectionId, [
      { subject: 'group', subject_id: readers.id, access: 'read' },
      { subject: 'group', subject_id: writers.id, access: 'write' },
    ]);
    const refused = await uploadDocument(server, member.token, collectionId, 'member.txt', 'A note from a reader.');
    expect(refused.status).toBe(403);
    const [carDocument] = (
      await server.request<DocumentListResponse>(`/api/knowledge/collections/${collectionId}/documents`, {
        token: member.token,
      })
    ).body.documents;
    const deleted = await server.request(`/api/knowledge/documents/${carDocument?.id}`, {
      method: 'DELETE',
      token: member.token,
    });
    expect(deleted.status).toBe(404);
    expect(
      (await server.request(`/api/knowledge/collections/${collectionId}`, { method: 'DELETE', token: writer.token }))
        .status,
    ).toBe(404);

    const added = await uploadDocument(
      server,
      writer.token,
      collectionId,
      'brakes.txt',
      'The brakes squeal on cold mornings.',
    );
    expect(added.status).toBe(202);
    expect((await waitForDocument(server, owner.token, added.body.id, 60_000)).status).toBe('ready');
    // The best hit (vectors may add the other document below it).
    expect((await names(member, 'brakes squeal'))[0]).toBe('brakes.txt');
    expect((await names(owner, 'brakes squeal'))[0]).toBe('brakes.txt');
    const documents = await server.app.db.kysely
      .selectFrom('knowledge_documents')
      .select('user_id')
      .where('id', '=', added.body.id)
      .executeTakeFirstOrThrow();
    expect(documents.user_id).toBe(owner.id);
  });

  it('sharing with the organisation reaches every member of it and nobody outside; access ends at once', async () => {
    const orgId = (await server.request<{ organization_id: string }>('/api/auth/me', { token: owner.token })).body
      .organization_id;
    await share(owner.token, collectionId, [{ subject: 'organization', subject_id: orgId, access: 'read' }]);
    expect(await names(outsider, 'tyres')).toEqual(['car.txt']);
    expect(await names(elsewhere, 'tyres')).toEqual([]);

    await share(owner.token, collectionId, [{ subject: 'group', subject_id: readers.id, access: 'read' }]);
    expect(await names(outsider, 'tyres')).toEqual([]);
    await server.request(`/api/admin/groups/${readers.id}/members/${member.id}`, {
      method: 'DELETE',
      token: root.token,
    });
    expect(await names(member, 'tyres')).toEqual([]);
    expect(await names(member, 'automobile')).toEqual([]);
  });

  it('only the owner sees or changes shares, and only with their own organisation and its groups', async () => {
    expect(
      (await server.request(`/api/knowledge/collections/${collectionId}/shares`, { token: member.token })).status,
    ).toBe(404);
    expect((await share(member.token, collectionId, [])).status).toBe(404);
    const foreign = await server.request<Group>('/api/admin/groups', {
      token: root.token,
      body: {
        name: 'Foreign',
        organization_id: (await server.request<{ organization_id: string }>('/api/auth/me', { token: elsewhere.token }))
          .body.organization_id,
      },
    });
    const refused = await share(owner.token, collectionId, [
      { subject: 'group', subject_id: foreign.body.id, access: 'read' },
    ]);
    expect(refused.status).toBe(400);
  });
});
