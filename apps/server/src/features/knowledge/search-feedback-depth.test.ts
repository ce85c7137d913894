import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/test-server';
import { lexicalFixture } from './lexical/lexical-test-helpers';
import { SearchService } from './search.service';

/**
 * The feedback pass past the first page asks for as many chunks as the first page's hits suggest its documents
 * need (search.service.ts `feedbackHits`), and for the usual number when those hold too few documents: here the
 * first page's documents have one chunk each and the later ones six.
 */
describe(`lexical search past the first page with documents of many chunks (${testDb})`, () => {
  let fixture: Awaited<ReturnType<typeof lexicalFixture>>;
  let search: SearchService;
  let owner: string;

  beforeAll(async () => {
    fixture = await lexicalFixture();
    search = new SearchService(fixture.documents, fixture.index);
    owner = await fixture.user();
    const shelf = await fixture.collection(owner);
    for (let i = 0; i < 70; i += 1) await fixture.add(owner, shelf, `tomato note ${i}`);
    const filler = 'garden soil water sun leaf stem root seed';
    for (let i = 0; i < 20; i += 1) {
      const chunk = (j: number) => `tomato report ${i} part ${j}: ${filler} ${filler}`;
      await fixture.add(owner, shelf, chunk(0), true, [1, 2, 3, 4, 5].map(chunk));
    }
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('still fills every place when later documents hold many matching chunks each', async () => {
    const results = await search.search(owner, 'tomato', null, 80);
    expect(results).toHaveLength(80);
    expect(new Set(results.map((result) => result.document_id)).size).toBe(80);
    // The first page is the one-chunk notes; the multi-chunk reports come after all seventy notes.
    const names = results.map((result) => result.file_name);
    expect(names.slice(0, 70).every((name) => name.startsWith('tomato note'))).toBe(true);
    expect(names.slice(70).every((name) => name.startsWith('tomato report'))).toBe(true);
  });
});
