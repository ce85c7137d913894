import { ADVANCED_SEARCH_FAILED, AdvancedSearchResponse } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { createUser, startTestServer, type TestServer, type TestUser } from '../../../test/test-server';
import { createCollection, search, uploadDocument, waitForDocument } from './knowledge-test-helpers';

const PATH = '/api/knowledge/advanced-search';

describe('POST /api/knowledge/advanced-search', () => {
  let server: TestServer;
  let ollama: FakeOllama;
  let owner: TestUser;
  let other: TestUser;
  let ownCollection: string;
  let otherCollection: string;

  async function seed(user: TestUser, collectionId: string, name: string, text: string) {
    const upload = await uploadDocument(server, user.token, collectionId, name, text);
    expect(upload.status).toBe(202);
    expect((await waitForDocument(server, user.token, upload.body.id)).status).toBe('ready');
  }

  const advanced = (user: TestUser, body: Record<string, unknown>) =>
    server.request<AdvancedSearchResponse & { code?: string }>(PATH, { token: user.token, body });

  beforeAll(async () => {
    ollama = await startFakeOllama();
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false' });
    owner = await createUser(server, 'adv-owner');
    other = await createUser(server, 'adv-other');
    ownCollection = (await createCollection(server, owner, 'Garage')).id;
    otherCollection = (await createCollection(server, other, 'Secret garage')).id;
    await seed(
      owner,
      ownCollection,
      'automobile-care.txt',
      'Automobile upkeep: change the engine oil every 5000 miles.',
    );
    await seed(owner, ownCollection, 'bicycle.txt', 'Bicycle chain lubrication keeps the drivetrain quiet.');
    await seed(owner, ownCollection, 'garden.txt', 'Tomato plants need watering twice a week in summer.');
    await seed(other, otherCollection, 'other-automobile.txt', 'Zanzibar vault secrets of another user.');
  });

  afterAll(async () => {
    await server.close();
    await ollama.close();
  });

  it('finds documents through offline synonyms, with the spec result shape', async () => {
    expect(await search(server, owner.token, 'car', [ownCollection])).toEqual([]);
    const response = await advanced(owner, { query: 'car', collectionIds: [ownCollection] });
    expect(response.status).toBe(200);
    const body = AdvancedSearchResponse.parse(response.body);
    expect(body.expandedQuery.expandedQueries[0]).toBe('car');
    expect(body.expandedQuery.synonyms).toContain('automobile');
    expect(body.rerankedResults.map((result) => result.file_name)).toEqual(['automobile-care.txt']);
    expect(body.results.map((result) => result.file_name)).toEqual(['automobile-care.txt']);
    expect(body.reasoning.join('\n')).toMatch(/synonyms from WordNet[\s\S]*by term proximity[\s\S]*Validated/);
    expect(body.validation.issues).toContain('Only one document matched');
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.explanation).toMatch(/^Found 1 matching document/);
  });

  it('answers compound questions by searching each part', async () => {
    const response = await advanced(owner, { query: 'bicycle chain or tomato watering?', useQueryExpansion: false });
    expect(response.status).toBe(200);
    const names = response.body.rerankedResults.map((result) => result.file_name).sort();
    expect(names).toEqual(['bicycle.txt', 'garden.txt']);
    expect(response.body.reasoning).toContain('Split the question into 2 sub-questions');
    expect(response.body.validation.isValid).toBe(true);
    expect(response.body.expandedQuery).toEqual({
      expandedQueries: ['bicycle chain or tomato watering?'],
      synonyms: [],
    });
  });

  it("never returns another user's documents, even given their collection id", async () => {
    const theirs = await advanced(owner, { query: 'zanzibar upkeep', collectionIds: [otherCollection] });
    expect(theirs.status).toBe(200);
    expect(theirs.body.results).toEqual([]);
    expect(theirs.body.rerankedResults).toEqual([]);
    expect(theirs.body.validation).toMatchObject({ isValid: false, issues: ['No results found'] });
    const everything = await advanced(owner, { query: 'zanzibar upkeep' });
    const ids = everything.body.results.map((result) => result.collection_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id === ownCollection)).toBe(true);
    const owners = await advanced(other, { query: 'zanzibar', collectionIds: [otherCollection] });
    expect(owners.body.results.map((result) => result.file_name)).toEqual(['other-automobile.txt']);
  });

  it('asks the chosen model for phrasings and falls back to proximity when its scores are unusable', async () => {
    ollama.knobs.reply = '1. automobile upkeep\n2. looking after a motor vehicle\n3. vehicle servicing';
    const response = await advanced(owner, { query: 'car care', model: 'llama3:latest' });
    expect(response.status).toBe(200);
    expect(response.body.expandedQuery.expandedQueries).toEqual([
      'car care',
      'automobile upkeep',
      'looking after a motor vehicle',
      'vehicle servicing',
    ]);
    expect(response.body.reasoning.join('\n')).toContain('Asked llama3:latest for alternative phrasings: got 3');
    expect(response.body.reasoning.join('\n')).toContain('Reranking with llama3:latest failed');
    expect(response.body.rerankedResults[0]?.file_name).toBe('automobile-care.txt');

    ollama.knobs.reply = '1: 9\n2: 1\n3: 1';
    const scored = await advanced(owner, {
      query: 'engine oil upkeep',
      model: 'llama3:latest',
      useQueryExpansion: false,
    });
    expect(scored.body.reasoning.join('\n')).toMatch(/Reranked \d+ candidates? with llama3:latest/);

    const missing = await advanced(owner, { query: 'car care', model: 'no-such-model' });
    expect(missing.status).toBe(200);
    expect(missing.body.reasoning[0]).toMatch(/^Model no-such-model is unavailable/);
    expect(missing.body.rerankedResults.length).toBeGreaterThan(0);
  });

  it('keeps maxResults within 5-50 and refuses bad bodies with 400', async () => {
    for (const maxResults of [5, 50]) {
      expect((await advanced(owner, { query: 'oil', maxResults })).status).toBe(200);
    }
    for (const body of [{ query: 'oil', maxResults: 4 }, { query: 'oil', maxResults: 55 }, { query: '' }, {}]) {
      const response = await advanced(owner, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_error');
    }
  });

  it('answers the spec fallback object when the search fails inside', async () => {
    const spy = vi
      .spyOn(server.app.knowledge.searchService, 'search')
      .mockRejectedValueOnce(new Error('index unavailable'));
    try {
      const response = await advanced(owner, { query: 'oil' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(ADVANCED_SEARCH_FAILED);
    } finally {
      spy.mockRestore();
    }
    expect((await advanced(owner, { query: 'oil' })).body.results.length).toBeGreaterThan(0);
  });
});
