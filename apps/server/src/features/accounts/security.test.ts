import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom } from '../../../test/helpers';
import { createUser, STRONG_PASSWORD, startTestServer, type TestServer, testDb } from '../../../test/test-server';

const EVIL_ORIGIN = 'https://evil.example';

describe(`security (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Signs in like a browser: only the cookies, plus the CSRF token the page script reads from its cookie. */
  async function browserSession() {
    const user = await createUser(server, 'browser');
    const signIn = await server.request('/api/auth/login', { body: { email: user.email, password: STRONG_PASSWORD } });
    const cookies = cookiesFrom(signIn.headers);
    return { user, cookie: cookieHeader(cookies), csrf: cookies.hearth_csrf?.value ?? '' };
  }

  describe('CSRF', () => {
    it('refuses cookie-authenticated POST, PATCH and DELETE without the x-csrf-token header', async () => {
      const { user, cookie } = await browserSession();
      const token = await server.request<{ token: { id: string } }>('/api/tokens', {
        token: user.token,
        body: { name: 'target' },
      });
      const attempts = [
        server.request('/api/tokens', { headers: { cookie }, body: { name: 'sneaky' } }),
        server.request('/api/profile', { method: 'PATCH', headers: { cookie }, body: { full_name: 'Mallory' } }),
        server.request(`/api/tokens/${token.body.token.id}`, { method: 'DELETE', headers: { cookie } }),
        server.request('/api/tokens', { headers: { cookie, 'x-csrf-token': 'forged' }, body: { name: 'forged' } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: 'csrf_failed' });
      }
      const list = await server.request<{ tokens: unknown[] }>('/api/tokens', { token: user.token });
      expect(list.body.tokens).toHaveLength(1);
    });

    it('accepts those writes with the token from the hearth_csrf cookie', async () => {
      const { cookie, csrf } = await browserSession();
      const headers = { cookie, 'x-csrf-token': csrf };
      const created = await server.request<{ token: { id: string } }>('/api/tokens', {
        headers,
        body: { name: 'mine' },
      });
      expect(created.status).toBe(201);
      const patched = await server.request('/api/profile', { method: 'PATCH', headers, body: { full_name: 'Alice' } });
      expect(patched.status).toBe(200);
      const deleted = await server.request(`/api/tokens/${created.body.token.id}`, { method: 'DELETE', headers });
      expect(deleted.status).toBe(200);
    });

    it('does not ask bearer-authenticated writes for a CSRF token', async () => {
      const user = await createUser(server, 'bearer');
      const created = await server.request('/api/tokens', { token: user.token, body: { name: 'cli' } });
      expect(created.status).toBe(201);
      const patched = await server.request('/api/profile', {
        method: 'PATCH',
        token: user.token,
        body: { full_name: 'Bob' },
      });
      expect(patched.status).toBe(200);
    });

    it('refuses any write whose Origin is another site, signed in or not', async () => {
      const user = await createUser(server, 'origin');
      const attempts = [
        server.request('/api/auth/login', {
          headers: { origin: EVIL_ORIGIN },
          body: { email: user.email, password: STRONG_PASSWORD },
        }),
        server.request('/api/auth/signup', {
          headers: { origin: EVIL_ORIGIN },
          body: { email: 'x-origin@example.test', password: STRONG_PASSWORD },
        }),
        server.request('/api/tokens', { token: user.token, headers: { origin: EVIL_ORIGIN }, body: { name: 'x' } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: 'csrf_failed' });
      }
      const sameSite = await server.request('/api/auth/login', {
        headers: { origin: server.url },
        body: { email: user.email, password: STRONG_PASSWORD },
      });
      expect(sameSite.status).toBe(200);
    });
  });

  describe('headers', () => {
    it.each(['/api/auth/me', '/health', '/api/no-such-route', '/api/docs/static/index.html'])(
      '%s carries the security headers',
      async (path) => {
        const response = await server.request(path, { headers: { origin: EVIL_ORIGIN } });
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toMatch(/https?:/);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      },
    );

    it('answers no CORS preflight', async () => {
      const response = await server.request('/api/auth/me', {
        method: 'OPTIONS',
        headers: { origin: EVIL_ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  it('answers an unknown /api route with 404 not_found, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await server.request('/api/nothing/here', { method });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'not_found' });
    }
  });
});

describe(`body limit (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(() => server.close());

  it('refuses a JSON body over BODY_LIMIT_BYTES with 413 payload_too_large', async () => {
    const response = await server.request('/api/auth/signup', {
      body: { email: 'big@example.test', password: STRONG_PASSWORD, full_name: 'x'.repeat(3000) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'payload_too_large' });
    const small = await server.request('/api/auth/signup', {
      body: { email: 'small@example.test', password: STRONG_PASSWORD },
    });
    expect(small.status).toBe(201);
  });
});

describe(`unexpected failures (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 500 internal_error with a request id and nothing internal', async () => {
    const user = await createUser(server, 'boom');
    // The database going away is the one failure we can cause without touching our own code.
    await server.app.db.close();
    const response = await server.request<{ code: string; message: string; details: { request_id: string } }>(
      '/api/auth/me',
      {
        token: user.token,
      },
    );
    expect(response.status).toBe(500);
    expect(Object.keys(response.body).sort()).toEqual(['code', 'details', 'message']);
    expect(response.body.code).toBe('internal_error');
    expect(Object.keys(response.body.details)).toEqual(['request_id']);
    expect(response.body.message).toContain(response.body.details.request_id);
    expect(JSON.stringify(response.body)).not.toMatch(/destroyed|pool|sqlite|postgres|kysely|at .+:\d+/i);
  });
});

describe(`rate limits (${testDb})`, () => {
  it('locks one account after AUTH_RATE_LIMIT_MAX failed sign-ins, with retry-after', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const [victim, bystander] = [await createUser(server, 'victim'), await createUser(server, 'bystander')];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await server.request('/api/auth/login', {
          body: { email: victim.email, password: 'Wrong-guess-1' },
        });
        expect(response.status).toBe(401);
      }
      const locked = await server.request('/api/auth/login', {
        body: { email: victim.email, password: STRONG_PASSWORD },
      });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ code: 'rate_limited' });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = await server.request('/api/auth/login', {
        body: { email: bystander.email, password: STRONG_PASSWORD },
      });
      expect(other.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('limits sign-ups and sign-ins from one address to AUTH_RATE_LIMIT_IP_MAX', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT_IP_MAX: '3', AUTH_RATE_LIMIT_MAX: '1000' });
    try {
      const emails = ['ip1', 'ip2', 'ip3', 'ip4'].map((name) => `${name}@example.test`);
      const signups = [];
      for (const email of emails)
        signups.push(await server.request('/api/auth/signup', { body: { email, password: STRONG_PASSWORD } }));
      expect(signups.map((response) => response.status)).toEqual([201, 201, 201, 429]);
      expect(signups[3]?.body).toMatchObject({ code: 'rate_limited' });
      expect(Number(signups[3]?.headers.get('retry-after'))).toBeGreaterThan(0);

      const logins = [];
      for (const email of emails.slice(0, 3).concat(emails[0] ?? '')) {
        logins.push(await server.request('/api/auth/login', { body: { email, password: STRONG_PASSWORD } }));
      }
      expect(logins.map((response) => response.status)).toEqual([200, 200, 200, 429]);
      expect(logins[3]?.body).toMatchObject({ code: 'rate_limited' });
    } finally {
      await server.close();
    }
  });
});
