import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { chunkCount, createCollection, search, uploadDocument, waitForDocument } from './knowledge-test-helpers';

const NOTES = `# Garden notes

## Tomatoes
Tomatoes need full sun and regular watering. Prune the suckers to keep the plants productive.

## Compost
Compost turns kitchen scraps into rich soil. Turn the heap every two weeks.`;

async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Quarterly revenue grew in the northern region.', { x: 50, y: 700, size: 12, font });
  pdf.addPage().drawText('The telescope observed a distant quasar.', { x: 50, y: 700, size: 12, font });
  return Buffer.from(await pdf.save());
}

describe(`knowledge collections and documents (${testDb})`, () => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    owner = await createUser(server, 'kb');
    stranger = await createUser(server, 'kb-other');
  });
  afterAll(() => server.close());

  it('creates, lists, searches and deletes collections; a blank name is refused', async () => {
    const blank = await server.request('/api/knowledge/collections', { token: owner.token, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'validation_error' });

    const recipes = await createCollection(server, owner, 'Recipes', 'Things to cook');
    await createCollection(server, owner, 'Taxes');
    expect(recipes).toMatchObject({ name: 'Recipes', description: 'Things to cook', document_count: 0 });

    const all = await server.request<{ collections: { name: string }[] }>('/api/knowledge/collections', {
      token: owner.token,
    });
    expect(all.body.collections.map((c) => c.name).sort()).toEqual(['Recipes', 'Taxes']);
    const filtered = await server.request<{ collections: { name: string }[] }>('/api/knowledge/collections?q=cook', {
      token: owner.token,
    });
    expect(filtered.body.collections.map((c) => c.name)).toEqual(['Recipes']);

    const one = await server.request(`/api/knowledge/collections/${recipes.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    const removed = await server.request(`/api/knowledge/collections/${recipes.id}`, {
      token: owner.token,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const gone = await server.request(`/api/knowledge/collections/${recipes.id}`, { token: owner.token });
    expect(gone.status).toBe(404);
  });

  it('ingests an upload into searchable chunks with heading paths, pages and highlights', async () => {
    const collection = await createCollection(server, owner, 'Garden');
    const uploaded = await uploadDocument(server, owner.token, collection.id, 'notes.md', NOTES);
    expect(uploaded.status).toBe(202);
    expect(uploaded.body.status).toBe('queued');
    const ready = await waitForDocument(server, owner.token, uploaded.body.id);
    expect(ready.status).toBe('ready');
    expect(ready.content).toContain('Tomatoes need full sun');
    expect(await chunkCount(server, ready.id)).toBeGreaterThan(0);

    const pdf = await uploadDocument(server, owner.token, collection.id, 'report.pdf', await twoPagePdf());
    const pdfReady = await waitForDocument(server, owner.token, pdf.body.id);
    expect(pdfReady.status).toBe('ready');

    const results = await search(server, owner.token, 'watering the tomato plants', [collection.id]);
    expect(results[0]?.file_name).toBe('notes.md');
    const snippet = results[0]?.snippets[0];
    expect(snippet?.heading_path).toContain('Tomatoes');
    const marked = snippet?.highlights.map((h) => snippet.text.slice(h.start, h.end).toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['tomatoes', 'watering']));
    expect(results[0]?.relevance_score).toBeGreaterThan(0);
    expect(results[0]?.relevance_score).toBeLessThanOrEqual(1);

    const quasar = await search(server, owner.token, 'quasar');
    expect(quasar[0]).toMatchObject({ file_name: 'report.pdf', page: 2, collection_name: 'Garden' });

    const listed = await server.request<{
      collections: { id: string; document_count: number; recent_documents: string[] }[];
    }>('/api/knowledge/collections', { token: owner.token });
    const garden = listed.body.collections.find((c) => c.id === collection.id);
    expect(garden?.document_count).toBe(2);
    expect(garden?.recent_documents).toHaveLength(2);

    const file = await fetch(`${server.url}/api/knowledge/documents/${ready.id}/file`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await file.text()).toBe(NOTES);
  });

  it('filters by collection, treats an empty selection as all, and survives FTS syntax in queries', async () => {
    const a = await createCollection(server, owner, 'Astronomy');
    const b = await createCollection(server, owner, 'Cooking');
    await waitForDocument(
      server,
      owner.token,
      (
        await uploadDocument(
          server,
          owner.token,
          a.id,
          'stars.txt',
          'Neutron stars are dense remnants of supernova explosions.',
        )
      ).body.id,
    );
    await waitForDocument(
      server,
      owner.token,
      (
        await uploadDocument(
          server,
          owner.token,
          b.id,
          'bread.txt',
          'Sourdough bread rises slowly; dense crumb means underproofed dough.',
        )
      ).body.id,
    );

    const onlyA = await search(server, owner.token, 'dense', [a.id]);
    expect(onlyA.map((r) => r.file_name)).toEqual(['stars.txt']);
    const everything = await search(server, owner.token, 'dense', []);
    expect(everything.map((r) => r.file_name).sort()).toEqual(expect.arrayContaining(['bread.txt', 'stars.txt']));
    const ranked = await search(server, owner.token, 'neutron supernova dense');
    expect(ranked[0]?.file_name).toBe('stars.txt');

    for (const hostile of ['"unbalanced', 'NEAR(a b)', 'col:value AND OR NOT *', "'; drop table x; --"]) {
      const response = await server.request('/api/knowledge/search', { token: owner.token, body: { query: hostile } });
      expect(response.status).toBe(200);
    }
    const single = await server.request<{ results: { file_name: string }[] }>('/api/knowledge/search', {
      token: owner.token,
      body: { query: 'sourdough', collection_id: b.id },
    });
    expect(single.body.results.map((r) => r.file_name)).toEqual(['bread.txt']);
  });

  it('refuses a duplicate (409) and a file over 10 MB (413)', async () => {
    const collection = await createCollection(server, owner, 'Dupes');
    const first = await uploadDocument(server, owner.token, collection.id, 'a.txt', 'same bytes here');
    expect(first.status).toBe(202);
    const again = await uploadDocument(server, owner.token, collection.id, 'b.txt', 'same bytes here');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');

    const big = await uploadDocument(server, owner.token, collection.id, 'big.txt', Buffer.alloc(10_485_761, 97));
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/^File size \(10\.00 MB\) exceeds maximum allowed size \(10MB\)$/);
  });

  it('marks an unreadable file failed and leaves no chunks', async () => {
    const collection = await createCollection(server, owner, 'Broken');
    const corrupt = await uploadDocument(server, owner.token, collection.id, 'broken.pdf', 'not a pdf at all');
    const failed = await waitForDocument(server, owner.token, corrupt.body.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    expect(await chunkCount(server, failed.id)).toBe(0);

    const empty = await uploadDocument(server, owner.token, collection.id, 'empty.txt', '   \n\n  ');
    const emptyFailed = await waitForDocument(server, owner.token, empty.body.id);
    expect(emptyFailed.error).toBe(
      'No content could be extracted from the file. Please check the file format or paste the content directly.',
    );
    const stats = await server.request<{ indexing: { failed: number } }>(
      `/api/knowledge/collections/${collection.id}`,
      {
        token: owner.token,
      },
    );
    expect(stats.body.indexing.failed).toBe(2);
  });

  it('previews files on the local-backend upload, with a per-file error', async () => {
    const form = new FormData();
    form.append('files', new Blob(['Plain notes about lanterns.']), 'notes.txt');
    form.append('files', new Blob(['   ']), 'blank.txt');
    const response = await fetch(`${server.url}/api/documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      results: { filename: string; content_preview: string | null; error: string | null }[];
    };
    expect(body.results[0]).toEqual({
      filename: 'notes.txt',
      content_preview: 'Plain notes about lanterns.',
      error: null,
    });
    expect(body.results[1]?.error).toMatch(/^No content could be extracted/);
  });

  it('says which file of a local-backend upload is over 10 MB and still previews the others', async () => {
    const form = new FormData();
    form.append('files', new Blob([Buffer.alloc(10_485_761, 97)]), 'huge.txt');
    form.append('files', new Blob(['Notes about kites.']), 'kites.txt');
    const response = await fetch(`${server.url}/api/documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { filename: string; error: string | null }[] };
    expect(body.results).toEqual([
      expect.objectContaining({
        filename: 'huge.txt',
        error: 'File size (10.00 MB) exceeds maximum allowed size (10MB)',
      }),
      expect.objectContaining({ filename: 'kites.txt', error: null }),
    ]);
    const empty = await fetch(`${server.url}/api/documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
  });

  it("answers 404 for another user's collections and documents, and never finds them", async () => {
    const collection = await createCollection(server, owner, 'Private');
    const doc = (await uploadDocument(server, owner.token, collection.id, 'secret.txt', 'The vault code is zanzibar.'))
      .body;
    await waitForDocument(server, owner.token, doc.id);
    const t = stranger.token;
    const probes: [string, string][] = [
      ['GET', `/api/knowledge/collections/${collection.id}`],
      ['DELETE', `/api/knowledge/collections/${collection.id}`],
      ['GET', `/api/knowledge/collections/${collection.id}/documents`],
      ['GET', `/api/knowledge/documents/${doc.id}`],
      ['GET', `/api/knowledge/documents/${doc.id}/file`],
      ['DELETE', `/api/knowledge/documents/${doc.id}`],
    ];
    for (const [method, path] of probes) {
      expect((await server.request(path, { token: t, method })).status, `${method} ${path}`).toBe(404);
    }
    expect((await uploadDocument(server, t, collection.id, 'x.txt', 'intruder')).status).toBe(404);
    expect(await search(server, t, 'zanzibar vault')).toEqual([]);
    expect(await search(server, t, 'zanzibar vault', [collection.id])).toEqual([]);
    const list = await server.request<{ collections: unknown[] }>('/api/knowledge/collections', { token: t });
    expect(list.body.collections).toEqual([]);
    expect((await search(server, owner.token, 'zanzibar'))[0]?.document_id).toBe(doc.id);

    const removed = await server.request(`/api/knowledge/documents/${doc.id}`, {
      token: owner.token,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(await search(server, owner.token, 'zanzibar')).toEqual([]);
  });
});
