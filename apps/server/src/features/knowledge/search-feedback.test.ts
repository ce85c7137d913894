import type { KnowledgeSearchResult } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { createCollection, uploadDocument, waitForDocument } from './knowledge-test-helpers';

const BEDS = ['north', 'south', 'east', 'west', 'porch', 'shed', 'fence', 'gate', 'pond', 'hill', 'wall', 'path'];
const OTHER =
  `river bridge train station ticket music violin concert novel chapter poem kitchen bread flour oven bicycle
wheel chain helmet winter snow ski mountain lake boat sail harbour market price coin`.split(/\s+/);
/** Notes on other things, so that blight, copper and fungicide are words of a few documents, not of most. */
const others = Array.from(
  { length: 30 },
  (_, i) => `Note ${i}: ${Array.from({ length: 8 }, (_, j) => OTHER[(i * 7 + j * 11) % OTHER.length]).join(' ')}.`,
);

/**
 * Past the first page, a lexical search adds documents found through feedback terms of the first page's best
 * chunks (lexical/feedback.ts): here, a note on copper fungicide against blight that never says "tomato".
 */
describe(`lexical search with feedback past the first page (${testDb})`, () => {
  let server: TestServer;
  let owner: TestUser;
  let collectionId: string;

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    owner = await createUser(server, 'feedback');
    collectionId = (await createCollection(server, owner, 'Garden')).id;
    const texts = [
      ...BEDS.map((bed, i) => `Tomato bed ${bed}: blight seen in week ${i + 20}, treated with copper fungicide.`),
      'Potatoes by the barn: blight on the haulm, so copper fungicide went on after the rain.',
      'Quarterly revenue grew in the northern region, led by the new shop.',
      'Compost turns kitchen scraps into rich soil; turn the heap now and then.',
      ...others,
    ];
    for (const [i, text] of texts.entries()) {
      const uploaded = await uploadDocument(server, owner.token, collectionId, `note-${i}.txt`, text);
      expect(uploaded.status).toBe(202);
      expect((await waitForDocument(server, owner.token, uploaded.body.id)).status).toBe('ready');
    }
  });
  afterAll(() => server.close());

  async function search(query: string, limit: number): Promise<KnowledgeSearchResult[]> {
    const response = await server.request<{ results: KnowledgeSearchResult[] }>('/api/knowledge/search', {
      token: owner.token,
      body: { query, collection_id: collectionId, limit },
    });
    expect(response.status).toBe(200);
    return response.body.results;
  }

  it('keeps the first page as the query ranks it and finds related documents after it', async () => {
    const page = await search('tomato', 10);
    expect(page).toHaveLength(10);
    expect(page.every((result) => result.snippets[0]?.text.includes('Tomato'))).toBe(true);

    const more = await search('tomato', 20);
    // The first ten are the same documents in the same order, with the same relevance.
    expect(more.slice(0, 10).map((r) => [r.document_id, r.relevance_score])).toEqual(
      page.map((r) => [r.document_id, r.relevance_score]),
    );
    const names = more.map((result) => result.file_name);
    // The last two tomato beds, then the potato note (blight, copper, fungicide, spray), which says no "tomato".
    expect(names.slice(10, 12).sort()).toEqual(['note-10.txt', 'note-11.txt']);
    expect(names).toContain('note-12.txt');
    // Its snippet marks the words it was found by (feedback terms), though the user's word is not in it.
    const potato = more.find((result) => result.file_name === 'note-12.txt')?.snippets[0];
    const marked = potato?.highlights.map((mark) => potato.text.slice(mark.start, mark.end).toLowerCase()) ?? [];
    expect(marked).toEqual(expect.arrayContaining(['blight', 'copper', 'fungicide']));
    expect(marked).not.toContain('barn');
    // The first page marks the user's words only.
    const first = page[0]?.snippets[0];
    expect(first?.highlights.map((mark) => first.text.slice(mark.start, mark.end))).toEqual(['Tomato']);
    // Nothing unrelated: no feedback term is in the revenue or compost notes.
    expect(names).not.toContain('note-13.txt');
    expect(names).not.toContain('note-14.txt');
    // A document after the first page never shows more relevance than the first page's least relevant.
    const floor = Math.min(...page.map((result) => result.relevance_score ?? 0));
    for (const result of more.slice(10)) expect(result.relevance_score).toBeLessThanOrEqual(floor);
    // Without the feedback document on the first page size, "tomato" alone never finds it.
    expect(page.map((result) => result.file_name)).not.toContain('note-12.txt');
  });

  it('returns nothing extra when the query matches nothing', async () => {
    expect(await search('zeppelin', 20)).toEqual([]);
  });
});
