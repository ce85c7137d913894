import type { EmbeddingSettingsResponse } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../../test/fakes/fake-ollama';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../../test/test-server';
import { createCollection, search, uploadDocument, waitForDocument } from '../knowledge-test-helpers';

const MODEL = 'ollama:nomic-embed-text';
const CAR = 'Our car needs new tyres before the winter trip. The garage quoted a fair price for the work.';
const VAN = 'The delivery vehicle was inspected on Monday and passed every check.';

async function status(server: TestServer, user: TestUser) {
  const response = await server.request<EmbeddingSettingsResponse>('/api/knowledge/embedding', { token: user.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** Waits until the collection is fully embedded with the active model. */
async function waitEmbedded(server: TestServer, user: TestUser, collectionId: string, model = MODEL) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const entry = (await status(server, user)).collections.find((item) => item.collection_id === collectionId);
    if (entry && entry.embedding_model === model && entry.embedded_chunks === entry.total_chunks) return entry;
    if (Date.now() > deadline) throw new Error(`collection not embedded: ${JSON.stringify(entry)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function vectorRows(server: TestServer, where: { document?: string; collection?: string }) {
  let query = server.app.db.kysely
    .selectFrom('knowledge_chunk_vectors as v')
    .innerJoin('knowledge_chunks as c', 'c.seq', 'v.chunk_seq')
    .select(['v.model', 'v.dims', 'c.document_id']);
  if (where.document) query = query.where('c.document_id', '=', where.document);
  if (where.collection) query = query.where('v.collection_id', '=', where.collection);
  return await query.execute();
}

const vectorCount = async (server: TestServer, collectionId: string) =>
  Number(
    (
      await server.app.db.kysely
        .selectFrom('knowledge_chunk_vectors')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('collection_id', '=', collectionId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`embeddings and hybrid search (${testDb})`, () => {
  let server: TestServer;
  let ollama: FakeOllama;
  let admin: TestUser;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ollama = await startFakeOllama({
      models: [
        { name: 'llama3:latest', capabilities: ['completion'] },
        { name: 'nomic-embed-text', capabilities: ['embedding'], family: 'nomic-bert' },
        { name: 'mxbai-embed-large', capabilities: ['embedding'], family: 'bert' },
      ],
      embeddingDimensions: 64,
      synonyms: { automobile: 'car', vehicle: 'car', van: 'car' },
    });
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, MODEL_LIST_CACHE_MS: '0', BUILTIN_RUNTIME: 'false' });
    admin = await createUser(server, 'emb-admin'); // the first account is the super admin
    owner = await createUser(server, 'emb-owner');
    stranger = await createUser(server, 'emb-stranger');
  });
  afterAll(async () => {
    await server.close();
    await ollama.close();
  });

  it('embeds, fuses vector hits into search, re-embeds on a model change and removes vectors on delete', async () => {
    const garage = await createCollection(server, owner, 'Garage');
    const car = await uploadDocument(server, owner.token, garage.id, 'car.txt', CAR);
    expect((await waitForDocument(server, owner.token, car.body.id)).status).toBe('ready');

    // No model: lexical only, and the synonym finds nothing.
    const before = await status(server, admin);
    expect(before.active).toBeNull();
    // CI builds pgvector from ../shared/vendor, so PostgreSQL runs the real vector path.
    expect(before.vector_store).toBe(testDb === 'sqlite' ? 'sqlite-vec' : 'pgvector');
    expect(before.available.filter((option) => option.embedding).map((option) => option.id)).toEqual([
      MODEL,
      'ollama:mxbai-embed-large',
    ]);
    expect((await status(server, owner)).available).toEqual([]);
    expect(await search(server, owner.token, 'automobile')).toEqual([]);

    // Only admins choose; ids are checked; the model must exist.
    const denied = await server.request('/api/knowledge/embedding', {
      method: 'PUT',
      token: owner.token,
      body: { model: MODEL },
    });
    expect(denied.status).toBe(403);
    const malformed = await server.request('/api/knowledge/embedding', {
      method: 'PUT',
      token: admin.token,
      body: { model: 'word2vec' },
    });
    expect(malformed.status).toBe(400);
    const missing = await server.request<{ code: string }>('/api/knowledge/embedding', {
      method: 'PUT',
      token: admin.token,
      body: { model: 'ollama:no-such-model' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('model_not_found');

    const chosen = await server.request<EmbeddingSettingsResponse>('/api/knowledge/embedding', {
      method: 'PUT',
      token: admin.token,
      body: { model: MODEL },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.active).toEqual({ id: MODEL, dims: 64 });

    // The existing collection is embedded by a job; then a synonym-only query finds the document.
    await waitEmbedded(server, owner, garage.id);
    const hybrid = await search(server, owner.token, 'automobile');
    expect(hybrid.map((result) => result.file_name)).toEqual(['car.txt']);
    expect(hybrid[0]?.relevance_score).toBeGreaterThan(0);
    expect(hybrid[0]?.relevance_score).toBeLessThanOrEqual(1);
    // Lexical hits still rank: a word of the text finds it too.
    expect((await search(server, owner.token, 'tyres garage')).map((result) => result.file_name)).toEqual(['car.txt']);

    // Another user's vectors never show: the stranger has a similar document and sees only it.
    const fleet = await createCollection(server, stranger, 'Fleet');
    const van = await uploadDocument(server, stranger.token, fleet.id, 'van.txt', VAN);
    await waitForDocument(server, stranger.token, van.body.id);
    expect((await search(server, stranger.token, 'automobile')).map((result) => result.file_name)).toEqual(['van.txt']);
    expect((await search(server, owner.token, 'automobile')).map((result) => result.file_name)).toEqual(['car.txt']);
    expect((await search(server, owner.token, 'automobile', [fleet.id])).length).toBe(0);

    // New uploads are embedded during ingestion (vectors exist when the document turns ready).
    const notes = await uploadDocument(server, owner.token, garage.id, 'notes.txt', 'Oil change every year.');
    await waitForDocument(server, owner.token, notes.body.id);
    expect(await vectorRows(server, { document: notes.body.id })).toEqual([
      { model: MODEL, dims: 64, document_id: notes.body.id },
    ]);

    // A model change re-embeds every collection with the new model and drops the old vectors.
    ollama.knobs.embeddingDimensions = 48;
    const changed = await server.request<EmbeddingSettingsResponse>('/api/knowledge/embedding', {
      method: 'PUT',
      token: admin.token,
      body: { model: 'ollama:mxbai-embed-large' },
    });
    expect(changed.body.active).toEqual({ id: 'ollama:mxbai-embed-large', dims: 48 });
    await waitEmbedded(server, owner, garage.id, 'ollama:mxbai-embed-large');
    await waitEmbedded(server, stranger, fleet.id, 'ollama:mxbai-embed-large');
    const rows = await vectorRows(server, { collection: garage.id });
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => `${row.model}/${row.dims}`))).toEqual(new Set(['ollama:mxbai-embed-large/48']));
    expect((await search(server, owner.token, 'automobile')).map((result) => result.file_name)).toEqual(['car.txt']);

    // Deleting a document, then a collection, removes their vectors.
    expect(
      (await server.request(`/api/knowledge/documents/${notes.body.id}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(200);
    expect(await vectorRows(server, { document: notes.body.id })).toEqual([]);
    expect(await vectorCount(server, garage.id)).toBe(1);
    expect(
      (await server.request(`/api/knowledge/collections/${garage.id}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(200);
    expect(await vectorCount(server, garage.id)).toBe(0);

    // None: lexical only again.
    const none = await server.request<EmbeddingSettingsResponse>('/api/knowledge/embedding', {
      method: 'PUT',
      token: admin.token,
      body: { model: null },
    });
    expect(none.body.active).toBeNull();
    expect(await search(server, stranger.token, 'automobile')).toEqual([]);
  });

  it('keeps a document searchable lexically when the embedder fails, records the error and retries', async () => {
    ollama.knobs.embeddingDimensions = 64;
    await server.request('/api/knowledge/embedding', { method: 'PUT', token: admin.token, body: { model: MODEL } });
    const shelf = await createCollection(server, owner, 'Shelf');
    ollama.knobs.embedFailStatus = 500;
    const doc = await uploadDocument(server, owner.token, shelf.id, 'bike.txt', 'The bicycle chain squeaks.');
    expect((await waitForDocument(server, owner.token, doc.body.id)).status).toBe('ready');
    expect((await search(server, owner.token, 'bicycle chain')).map((result) => result.file_name)).toContain(
      'bike.txt',
    );
    const failed = (await status(server, owner)).collections.find((item) => item.collection_id === shelf.id);
    expect(failed).toMatchObject({
      embedded_chunks: 0,
      total_chunks: 1,
      error: expect.stringContaining('Embedding failed'),
    });

    ollama.knobs.embedFailStatus = null; // the queued retry (2 s backoff) now succeeds
    const healed = await waitEmbedded(server, owner, shelf.id);
    expect(healed.error).toBeNull();
  });
});
