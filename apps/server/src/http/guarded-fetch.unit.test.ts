import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../test/fakes/fake-http';
import { guardedFetch, TooManyRedirectsError } from './guarded-fetch';
import type { Lookup, SsrfPolicy } from './ssrf-guard';

const strict: SsrfPolicy = { allowPrivate: false };
const trusting: SsrfPolicy = { allowPrivate: true };

/** A resolver whose answers the test scripts: each call takes the next answer for that name (the last one stays). */
function scriptedDns(answers: Record<string, string[]>): Lookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const list = answers[hostname];
    if (!list?.length) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    const address = list.length > 1 ? (list.shift() as string) : (list[0] as string);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(lookup, { calls });
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('guarded fetch', () => {
  let site: FakeServer;
  let port: string;

  beforeAll(async () => {
    site = await startFakeServer((request, response) => {
      const close = { connection: 'close' };
      const to = (location: string, status = 302) => response.writeHead(status, { ...close, location }).end();
      if (request.path === '/same') return to('/ok');
      if (request.path === '/away') return to(`http://other.test:${port}/ok`);
      if (request.path === '/to-zero') return to(`http://0.0.0.0:${port}/ok`);
      if (request.path === '/see-other') return to('/ok', 303);
      if (request.path === '/again') return to(`/again`);
      if (request.path === '/bad-location') return to('http://[::1');
      const echo = { method: request.method, authorization: request.headers.authorization ?? null };
      return response.writeHead(200, { ...close, 'content-type': 'application/json' }).end(JSON.stringify(echo));
    });
    port = new URL(site.url).port;
  });
  afterAll(() => site.close());

  it('checks a host name when it connects: a second DNS answer pointing inside is refused', async () => {
    const lookup = scriptedDns({ 'wiki.test': ['127.0.0.1', '169.254.169.254'] });
    const policy = { allowPrivate: false, allowedHosts: ['wiki.test'] };
    const first = await guardedFetch(`http://wiki.test:${port}/ok`, {}, { policy, lookup });
    expect(first.response.status).toBe(200);
    await first.response.text();
    const before = site.requests.length;
    const error = await refusal(guardedFetch(`http://wiki.test:${port}/ok`, {}, { policy, lookup }));
    expect(error).toMatchObject({ code: 'url_not_allowed', message: expect.stringMatching(/metadata/) });
    expect(site.requests).toHaveLength(before);
    expect(lookup.calls).toEqual(['wiki.test', 'wiki.test']);
  });

  it('refuses loopback by name and by address under the strict policy, without connecting', async () => {
    const lookup = scriptedDns({ 'inside.test': ['127.0.0.1'] });
    const before = site.requests.length;
    for (const url of [`http://inside.test:${port}/ok`, `${site.url}/ok`, `http://localhost:${port}/ok`]) {
      expect(await refusal(guardedFetch(url, {}, { policy: strict, lookup })), url).toMatchObject({
        code: 'url_not_allowed',
      });
    }
    expect(site.requests).toHaveLength(before);
  });

  it('follows same-origin redirects under the trusted policy, other origins under the redirect policy', async () => {
    const lookup = scriptedDns({ 'other.test': ['127.0.0.1'] });
    const same = await guardedFetch(`${site.url}/same`, {}, { policy: trusting, redirectPolicy: strict, lookup });
    expect(same.url.pathname).toBe('/ok');
    await same.response.text();
    for (const path of ['/away', '/to-zero']) {
      const error = await refusal(
        guardedFetch(`${site.url}${path}`, {}, { policy: trusting, redirectPolicy: strict, lookup }),
      );
      expect(error, path).toMatchObject({ code: 'url_not_allowed' });
    }
    // Allowed by the admin's allowlist, the other origin is reached, without the caller's credentials.
    const withDns = await guardedFetch(
      `${site.url}/away`,
      { headers: { authorization: 'Bearer secret' } },
      { policy: trusting, redirectPolicy: { allowPrivate: false, allowedHosts: ['other.test'] }, lookup },
    );
    expect(await withDns.response.json()).toEqual({ method: 'GET', authorization: null });
  });

  it('turns a POST into a GET on 303, stops redirect loops and refuses unusable locations', async () => {
    const posted = await guardedFetch(
      `${site.url}/see-other`,
      { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', authorization: 'Bearer same' } },
      { policy: trusting },
    );
    expect(await posted.response.json()).toEqual({ method: 'GET', authorization: 'Bearer same' });
    const loop = await refusal(guardedFetch(`${site.url}/again`, {}, { policy: trusting, maxRedirects: 3 }));
    expect(loop).toBeInstanceOf(TooManyRedirectsError);
    const bad = await refusal(guardedFetch(`${site.url}/bad-location`, {}, { policy: trusting }));
    expect(bad).toMatchObject({ code: 'url_not_allowed' });
    const unfollowed = await guardedFetch(`${site.url}/same`, {}, { policy: trusting, maxRedirects: 0 });
    expect(unfollowed.response.status).toBe(302);
  });
});
