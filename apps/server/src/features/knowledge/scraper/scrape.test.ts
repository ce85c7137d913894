import type { KnowledgeDocument, ScrapeResponse } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSite, htmlPage, sitemapIndexXml, sitemapXml, startFakeSite } from '../../../../test/fakes/fake-site';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../../test/test-server';
import { createCollection, waitForDocument } from '../knowledge-test-helpers';

type Scrape = ScrapeResponse & { code?: string; message: string };

describe(`web scraper and the intranet allowlist (${testDb})`, () => {
  let server: TestServer;
  let site: FakeSite;
  let admin: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  /** The site by name: "localhost" is what the admin allows; 127.0.0.1 stays forbidden. */
  let base: string;

  const scrape = (user: TestUser, body: Record<string, unknown>) =>
    server.request<Scrape>('/api/knowledge/scrape', { token: user.token, body });
  const documents = async (collectionId: string) =>
    (
      await server.request<{ documents: KnowledgeDocument[] }>(`/api/knowledge/collections/${collectionId}/documents`, {
        token: owner.token,
      })
    ).body.documents;

  beforeAll(async () => {
    site = await startFakeSite();
    const port = new URL(site.url).port;
    base = `http://localhost:${port}`;
    const pages = Array.from({ length: 60 }, (_, i) => `${base}/p/${i + 1}`);
    site.pages.set('/', { body: htmlPage('Welcome to Example', 'The front page talks about gardens and tomatoes.') });
    site.pages.set('/robots.txt', {
      type: 'text/plain',
      body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${base}/sitemap-index.xml\n`,
    });
    site.pages.set('/sitemap-index.xml', { type: 'application/xml', body: sitemapIndexXml([`${base}/sitemap-1.xml`]) });
    site.pages.set('/sitemap-1.xml', {
      type: 'application/xml',
      body: sitemapXml([`${base}/`, `${base}/private/secret`, 'https://elsewhere.example/x', ...pages]),
    });
    site.pages.set('/private/secret', { body: htmlPage('Secret', 'Hidden by robots.') });
    for (let i = 1; i <= 60; i += 1)
      site.pages.set(`/p/${i}`, { body: htmlPage(`Page ${i}`, `Content of page ${i}.`) });
    site.pages.set('/to-loopback', { body: '', location: `http://127.0.0.1:${port}/` });
    site.pages.set('/big', { type: 'text/plain', body: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
    site.pages.set('/down', { status: 500, body: 'oops' });

    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    admin = await createUser(server, 'scrape-admin'); // the first account is the super admin
    owner = await createUser(server, 'scrape-owner');
    stranger = await createUser(server, 'scrape-other');
  });
  afterAll(async () => {
    await server.close();
    await site.close();
  });

  it('refuses the loopback site until an admin allows it, without contacting it', async () => {
    const collection = await createCollection(server, owner, 'Blocked');
    for (const url of [`${base}/`, `${site.url}/`, `http://[::1]:${new URL(site.url).port}/`]) {
      const refused = await scrape(owner, { url, collectionId: collection.id });
      expect(refused.status, url).toBe(400);
      expect(refused.body.code).toBe('url_not_allowed');
      expect(refused.body.message).toMatch(/^This address is not allowed: it points to this server itself/);
    }
    expect(site.requests).toHaveLength(0);
  });

  it('lets admins edit the allowlist, with validation', async () => {
    const bad = await server.request('/api/admin/settings/network', {
      method: 'PUT',
      token: admin.token,
      body: { allowed_hosts: ['169.254.169.254'] },
    });
    expect(bad.status).toBe(400);
    const denied = await server.request('/api/admin/settings/network', {
      method: 'PUT',
      token: owner.token,
      body: { allowed_hosts: ['localhost'] },
    });
    expect(denied.status).toBe(403);
    const saved = await server.request('/api/admin/settings/network', {
      method: 'PUT',
      token: admin.token,
      body: { allowed_hosts: ['LocalHost', 'wiki.corp', '10.20.0.0/16', 'wiki.corp'] },
    });
    expect(saved).toMatchObject({ status: 200, body: { allowed_hosts: ['localhost', 'wiki.corp', '10.20.0.0/16'] } });
    const read = await server.request('/api/admin/settings/network', { token: admin.token });
    expect(read.body).toEqual({ allowed_hosts: ['localhost', 'wiki.corp', '10.20.0.0/16'] });
  });

  it('imports the start page and sitemap pages: robots.txt obeyed, exactly 50 documents', async () => {
    const collection = await createCollection(server, owner, 'Site');
    const response = await scrape(owner, {
      url: `${base}/`,
      collectionId: collection.id,
      respectRobots: true,
      followSitemap: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.documentsCreated).toBe(50);
    expect(response.body.skipped).toContainEqual({ url: `${base}/private/secret`, reason: 'Disallowed by robots.txt' });
    expect(site.paths()).not.toContain('/private/secret');
    expect(site.paths().filter((path) => path.startsWith('/p/'))).toHaveLength(49);

    const listed = await documents(collection.id);
    expect(listed).toHaveLength(50);
    const front = listed.find((doc) => doc.metadata.originalUrl === `${base}/`);
    expect(front).toMatchObject({ file_name: 'Welcome to Example.html' });
    expect(listed.every((doc) => doc.metadata.originalUrl?.startsWith(`${base}/`))).toBe(true);
    const ready = await waitForDocument(server, owner.token, front?.id ?? '');
    expect(ready.status).toBe('ready');
    expect(ready.content).toContain('gardens and tomatoes');
  });

  it('ignores robots.txt when asked, and reports a page already imported', async () => {
    const collection = await createCollection(server, owner, 'Secrets');
    const body = { url: `${base}/private/secret`, collectionId: collection.id, respectRobots: false };
    const first = await scrape(owner, body);
    expect(first.body).toMatchObject({ documentsCreated: 1, skipped: [] });
    const again = await scrape(owner, body);
    expect(again.status).toBe(200);
    expect(again.body.documentsCreated).toBe(0);
    expect(again.body.skipped[0]?.reason).toMatch(/already in the collection/);

    const obeyed = await scrape(owner, { ...body, respectRobots: true });
    expect(obeyed.body).toMatchObject({ documentsCreated: 0, skipped: [{ reason: 'Disallowed by robots.txt' }] });
  });

  it('fetches nothing when robots.txt answers with a server error', async () => {
    const collection = await createCollection(server, owner, 'Broken robots');
    const robots = site.pages.get('/robots.txt');
    site.pages.set('/robots.txt', { status: 503, body: 'busy', type: 'text/plain' });
    try {
      const response = await scrape(owner, { url: `${base}/`, collectionId: collection.id, followSitemap: true });
      expect(response.status).toBe(200);
      expect(response.body.documentsCreated).toBe(0);
      expect(response.body.message).toBe('No pages were imported (1 skipped).');
      expect(response.body.skipped[0]?.reason).toMatch(/robots.txt could not be read/);
    } finally {
      if (robots) site.pages.set('/robots.txt', robots);
    }
  });

  it("answers 404 for another user's collection, before fetching anything", async () => {
    const collection = await createCollection(server, owner, 'Mine');
    const before = site.requests.length;
    const response = await scrape(stranger, { url: `${base}/`, collectionId: collection.id });
    expect(response.status).toBe(404);
    expect(site.requests.length).toBe(before);
  });

  it('refuses a redirect to 127.0.0.1, bad schemes, too-large pages and dead sites with clear errors', async () => {
    owner = await createUser(server, 'scrape-errors'); // a fresh rate-limit allowance
    const collection = await createCollection(server, owner, 'Errors');
    const redirect = await scrape(owner, {
      url: `${base}/to-loopback`,
      collectionId: collection.id,
      respectRobots: false,
    });
    expect(redirect.status).toBe(400);
    expect(redirect.body.message).toMatch(/not allowed.*loopback/);
    const ftp = await scrape(owner, { url: 'ftp://example.com/', collectionId: collection.id });
    expect(ftp).toMatchObject({ status: 400, body: { code: 'url_not_allowed' } });
    const blank = await scrape(owner, { url: '  ', collectionId: collection.id });
    expect(blank.status).toBe(400);
    const big = await scrape(owner, { url: `${base}/big`, collectionId: collection.id, respectRobots: false });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/larger than 5 MB/);
    const down = await scrape(owner, { url: `${base}/down`, collectionId: collection.id, respectRobots: false });
    expect(down).toMatchObject({ status: 502, body: { code: 'upstream_error' } });
    expect(down.body.message).toMatch(/HTTP 500/);
    expect(await documents(collection.id)).toHaveLength(0);
  });

  it('rate-limits scrapes per user', async () => {
    const user = await createUser(server, 'scrape-busy');
    const collection = await createCollection(server, user, 'Busy');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await scrape(user, { url: 'ftp://example.com/', collectionId: collection.id })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
