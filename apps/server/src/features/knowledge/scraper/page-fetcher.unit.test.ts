import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSite, htmlPage, startFakeSite } from '../../../../test/fakes/fake-site';
import type { Lookup } from '../../../http/ssrf-guard';
import { type FetchLimits, FetchFailure, fetchText } from './page-fetcher';

/** "site.test" and "evil.test" are names our fake resolver knows: both point at the loopback site. */
const fakeDns =
  (calls: string[] = []): Lookup =>
  async (hostname) => {
    calls.push(hostname);
    if (hostname === 'site.test' || hostname === 'evil.test') return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === 'intranet.test') return [{ address: '10.0.0.7', family: 4 }];
    throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  };

const limits: FetchLimits = { timeoutMs: 2_000, maxBytes: 1024 * 1024, maxRedirects: 5 };
/** Only site.test is on the allowlist: loopback by any other name or address is refused. */
const policy = { allowPrivate: false, allowedHosts: ['site.test'] };

async function failure(promise: Promise<unknown>): Promise<FetchFailure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof FetchFailure)) throw new Error(`expected a FetchFailure, got ${String(error)}`);
  return error;
}

describe('guarded page fetches against a local server', () => {
  let site: FakeSite;
  let base: string;

  beforeAll(async () => {
    site = await startFakeSite();
    const port = new URL(site.url).port;
    base = `http://site.test:${port}`;
    const to = (host: string, path = '/page') => `http://${host}:${port}${path}`;
    site.pages.set('/page', { body: htmlPage('Hello', 'A page.') });
    site.pages.set('/text', { body: 'plain words', type: 'text/plain; charset=utf-8' });
    site.pages.set('/latin1', { body: Buffer.from([0x63, 0x61, 0x66, 0xe9]), type: 'text/plain; charset=iso-8859-1' });
    site.pages.set('/json', { body: '{}', type: 'application/json' });
    site.pages.set('/to-loopback', { body: '', location: to('127.0.0.1') });
    site.pages.set('/to-ipv6-loopback', { body: '', location: to('[::1]') });
    site.pages.set('/to-mapped', { body: '', location: to('[::ffff:127.0.0.1]') });
    site.pages.set('/to-decimal', { body: '', location: `http://2130706433:${port}/page` });
    site.pages.set('/to-evil', { body: '', location: to('evil.test') });
    site.pages.set('/to-intranet', { body: '', location: to('intranet.test') });
    site.pages.set('/to-metadata', { body: '', location: 'http://169.254.169.254/latest/meta-data/' });
    site.pages.set('/to-file', { body: '', location: 'file:///etc/passwd' });
    site.pages.set('/hop', { body: '', status: 301, location: '/page' });
    for (let i = 0; i < 7; i += 1) site.pages.set(`/loop${i}`, { body: '', location: `/loop${i + 1}` });
    site.pages.set('/big', { body: Buffer.alloc(limits.maxBytes + 10, 'a'), type: 'text/plain' });
    site.pages.set('/slow', { body: htmlPage('Slow', 'Late.'), delayMs: 5_000 });
  });
  afterAll(() => site.close());

  it('fetches an allowed intranet host, following a same-site redirect', async () => {
    const calls: string[] = [];
    const fetched = await fetchText(`${base}/hop`, 'page', { policy, limits, lookup: fakeDns(calls) });
    expect(fetched.url.pathname).toBe('/page');
    expect(fetched.mediaType).toBe('text/html');
    expect(fetched.data.toString()).toContain('<title>Hello</title>');
    expect(calls).toEqual(['site.test', 'site.test']); // resolved once per hop, then pinned
  });

  it.each(['/to-loopback', '/to-ipv6-loopback', '/to-mapped', '/to-decimal', '/to-evil', '/to-intranet'])(
    'refuses a redirect from an allowed host to loopback or private addresses (%s)',
    async (path) => {
      const before = site.requests.length;
      const error = await failure(fetchText(`${base}${path}`, 'page', { policy, limits, lookup: fakeDns() }));
      expect(error.kind).toBe('refused');
      expect(error.message).toMatch(/not allowed/);
      expect(site.requests.length).toBe(before + 1); // the redirect target was never contacted
    },
  );

  it('refuses redirects to metadata addresses and other schemes', async () => {
    for (const path of ['/to-metadata', '/to-file']) {
      const error = await failure(fetchText(`${base}${path}`, 'page', { policy, limits, lookup: fakeDns() }));
      expect(error.kind, path).toBe('refused');
    }
  });

  it('refuses loopback when it is not allowlisted, before connecting', async () => {
    const before = site.requests.length;
    const error = await failure(
      fetchText(`${site.url}/page`, 'page', { policy: { allowPrivate: false }, limits, lookup: fakeDns() }),
    );
    expect(error.kind).toBe('refused');
    expect(site.requests.length).toBe(before);
  });

  it('stops after 5 redirects', async () => {
    const error = await failure(fetchText(`${base}/loop0`, 'page', { policy, limits, lookup: fakeDns() }));
    expect(error.message).toMatch(/more than 5 times/);
  });

  it('enforces the size limit, the time limit and the content types', async () => {
    const big = await failure(fetchText(`${base}/big`, 'page', { policy, limits, lookup: fakeDns() }));
    expect(big.kind).toBe('too_large');
    const started = Date.now();
    const slow = await failure(
      fetchText(`${base}/slow`, 'page', { policy, limits: { ...limits, timeoutMs: 300 }, lookup: fakeDns() }),
    );
    expect(slow.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    const json = await failure(fetchText(`${base}/json`, 'page', { policy, limits, lookup: fakeDns() }));
    expect(json.kind).toBe('type');
    const missing = await failure(fetchText(`${base}/nothing`, 'page', { policy, limits, lookup: fakeDns() }));
    expect(missing).toMatchObject({ kind: 'status', status: 404 });
  });

  it('reads plain text and notes its charset', async () => {
    const fetched = await fetchText(`${base}/latin1`, 'page', { policy, limits, lookup: fakeDns() });
    expect(fetched).toMatchObject({ mediaType: 'text/plain', charset: 'iso-8859-1' });
  });
});
