import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, kyselyOf, startTestServer, type TestServer, testDb } from '../../../test/test-server';
import { createCollection, search, uploadDocument, waitForDocument } from '../knowledge/knowledge-test-helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, as a scraper reads it: `name{label="value",...} number` per line. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key = '', value = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key] = value;
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((sample) => sample.name === name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);

async function scrape(server: TestServer, token = TOKEN): Promise<Sample[]> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return parseMetrics(await response.text());
}

describe(`/metrics (${testDb})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server.close());

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape(server);
    const route = { method: 'GET', route: '/api/conversations/:id', status: '401' };
    const id = randomUUID();
    expect((await server.request(`/api/conversations/${id}`)).status).toBe(401);
    expect((await server.request(`/api/conversations/${randomUUID()}`)).status).toBe(401);
    const after = await scrape(server);
    expect(
      valueOf(after, 'hearth_http_requests_total', route) - valueOf(before, 'hearth_http_requests_total', route),
    ).toBe(2);
    expect(valueOf(after, 'hearth_http_request_duration_seconds_count', { route: route.route })).toBeGreaterThanOrEqual(
      2,
    );
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes(id)))).toBe(false);
    // Process metrics come from prom-client's defaults, in this app's own registry.
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(after, 'hearth_active_streams')).toBe(0);
  });

  it('refuses a missing or wrong token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'unauthorized' });
    // An API token of a user is no metrics token.
    const user = await createUser(server, 'metrics');
    const asUser = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(asUser.status).toBe(401);
  });

  it('reports the job queue depth and the oldest age by type, read from the jobs table', async () => {
    const created = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await kyselyOf(server)
      .insertInto('jobs')
      .values(
        [0, 1].map(() => ({
          id: randomUUID(),
          type: 'metrics-test-job',
          payload: '{}',
          status: 'queued' as const,
          attempts: 0,
          // Not due for an hour (and of a type nobody handles): it stays queued while the test looks.
          run_after: later,
          locked_until: null,
          error: null,
          dedupe_key: null,
          progress: null,
          created_at: created,
          updated_at: created,
        })),
      )
      .execute();
    const samples = await scrape(server);
    const labels = { type: 'metrics-test-job', status: 'queued' };
    expect(valueOf(samples, 'hearth_job_queue_depth', labels)).toBe(2);
    expect(valueOf(samples, 'hearth_job_queue_oldest_age_seconds', labels)).toBeGreaterThanOrEqual(59);
    await kyselyOf(server).deleteFrom('jobs').where('type', '=', 'metrics-test-job').execute();
    expect(valueOf(await scrape(server), 'hearth_job_queue_depth', labels)).toBe(0);
  });

  it('counts documents and chunks indexed and times searches', async () => {
    const user = await createUser(server, 'metrics-docs');
    const collection = await createCollection(server, user, 'Metrics');
    const before = await scrape(server);
    const upload = await uploadDocument(server, user.token, collection.id, 'notes.txt', 'Lighthouse keepers log.');
    expect(upload.status).toBe(202);
    expect((await waitForDocument(server, user.token, upload.body.id)).status).toBe('ready');
    await search(server, user.token, 'lighthouse');
    const after = await scrape(server);
    const delta = (name: string) => valueOf(after, name) - valueOf(before, name);
    expect(delta('hearth_ingestion_documents_total')).toBe(1);
    expect(delta('hearth_ingestion_chunks_total')).toBeGreaterThanOrEqual(1);
    expect(delta('hearth_search_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    // The first search read the word's posting list from the database; the same search again finds it kept.
    expect(valueOf(after, 'hearth_lexical_cache_lists_total', { result: 'read' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, 'hearth_lexical_cache_bytes')).toBeGreaterThan(0);
    await search(server, user.token, 'lighthouse');
    const again = await scrape(server);
    const hits = (samples: Sample[]) => valueOf(samples, 'hearth_lexical_cache_lists_total', { result: 'hit' });
    expect(hits(again) - hits(after)).toBeGreaterThanOrEqual(1);
    expect(valueOf(again, 'hearth_lexical_cache_lists_total', { result: 'read' })).toBe(
      valueOf(after, 'hearth_lexical_cache_lists_total', { result: 'read' }),
    );
    // On PostgreSQL the document's progress events went through NOTIFY: the bus timed their trip.
    if (testDb === 'postgres') expect(delta('hearth_event_bus_lag_seconds_count')).toBeGreaterThan(0);
  });
});

describe(`/metrics access (${testDb})`, () => {
  it('is off (404) when neither a token nor an address list is configured', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.url}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await server.close();
    }
  });

  it('answers an allowed address without a token and refuses one outside the list', async () => {
    const allowed = await startTestServer({ METRICS_ALLOW: '10.0.0.0/8, 127.0.0.1' });
    const elsewhere = await startTestServer({ METRICS_ALLOW: '10.0.0.0/8,::1' });
    try {
      expect((await fetch(`${allowed.url}/metrics`)).status).toBe(200);
      const refused = await fetch(`${elsewhere.url}/metrics`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'forbidden' });
    } finally {
      await Promise.all([allowed.close(), elsewhere.close()]);
    }
  });

  it('needs both the address and the token when both are set', async () => {
    const server = await startTestServer({ METRICS_ALLOW: '127.0.0.0/8', METRICS_TOKEN: TOKEN });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      await scrape(server);
    } finally {
      await server.close();
    }
  });
});
