import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom } from '../../../test/helpers';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  testDb,
} from '../../../test/test-server';

interface SignupResult {
  user: { id: string; email: string; full_name: string | null; role: string };
}

const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe(`accounts: sign-up, sign-in, sessions (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const signup = (body: unknown) => server.request<SignupResult>('/api/auth/signup', { body });

  describe('sign-up', () => {
    it('makes the first account super_admin and later ones plain users', async () => {
      const first = await signup({ email: uniqueEmail('first'), password: STRONG_PASSWORD });
      expect(first.status).toBe(201);
      expect(first.body.user.role).toBe('super_admin');

      const second = await signup({
        email: uniqueEmail('second'),
        password: STRONG_PASSWORD,
        full_name: '  Ada Lovelace ',
      });
      expect(second.status).toBe(201);
      expect(second.body.user).toMatchObject({ role: 'user', full_name: 'Ada Lovelace' });
    });

    it('answers 201 {user} and falls back to the email for the full name', async () => {
      const email = uniqueEmail('noname');
      const response = await signup({ email, password: STRONG_PASSWORD });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ user: { id: expect.any(String), email, full_name: email, role: 'user' } });
    });

    it('refuses a taken email with 409 email_taken, whatever its case', async () => {
      const email = uniqueEmail('taken');
      expect((await signup({ email, password: STRONG_PASSWORD })).status).toBe(201);
      const again = await signup({ email, password: STRONG_PASSWORD });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'email_taken' });
      const shouted = await signup({ email: email.toUpperCase(), password: STRONG_PASSWORD });
      expect(shouted.status).toBe(409);
      expect(shouted.body).toMatchObject({ code: 'email_taken' });
    });

    it('refuses a weak password with 400 weak_password and the reasons', async () => {
      const response = await signup({ email: uniqueEmail('weak'), password: 'abc' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'weak_password',
        details: { reasons: expect.arrayContaining(['too_short']) },
      });
    });

    it.each([
      ['a malformed email', { email: 'not-an-email', password: STRONG_PASSWORD }],
      ['a missing password', { email: 'someone@example.test' }],
      ['an empty body', {}],
    ])('refuses %s with 400 validation_error', async (_label, body) => {
      const response = await signup(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error' });
    });
  });

  describe('sign-in', () => {
    it('returns a bearer token and sets the session and CSRF cookies', async () => {
      const email = uniqueEmail('login');
      await signup({ email, password: STRONG_PASSWORD, full_name: 'Grace' });
      const response = await server.request('/api/auth/login', {
        body: { email: email.toUpperCase(), password: STRONG_PASSWORD },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        expires_in: expect.any(Number),
        user: { id: expect.any(String), email, full_name: 'Grace', role: 'user' },
      });

      const cookies = cookiesFrom(response.headers);
      const session = cookies.hearth_session;
      expect(session?.value).toBe(response.body.access_token);
      expect(session?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
      expect(session?.attributes).not.toContain('secure');
      const csrf = cookies.hearth_csrf;
      expect(csrf?.value).toEqual(expect.any(String));
      expect(csrf?.attributes).not.toContain('httponly');
      expect(csrf?.attributes).not.toContain('secure');
    });

    it('answers 401 invalid_credentials for a wrong password and for an unknown email alike', async () => {
      const user = await createUser(server, 'badpass');
      const wrong = await server.request('/api/auth/login', {
        body: { email: user.email, password: 'Wrong-password-1' },
      });
      const unknown = await server.request('/api/auth/login', {
        body: { email: uniqueEmail('ghost'), password: STRONG_PASSWORD },
      });
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ code: 'invalid_credentials' });
      }
    });
  });

  describe('the signed-in account', () => {
    it('GET /api/auth/me answers for a bearer token and for the session cookie', async () => {
      const user = await createUser(server, 'me');
      const bearer = await server.request('/api/auth/me', { token: user.token });
      expect(bearer.status).toBe(200);
      expect(bearer.body).toMatchObject({
        id: user.id,
        email: user.email,
        full_name: user.email,
        avatar_url: null,
        role: 'user',
        status: 'active',
        organization_id: expect.any(String),
      });

      const signIn = await server.request('/api/auth/login', {
        body: { email: user.email, password: STRONG_PASSWORD },
      });
      const viaCookie = await server.request('/api/auth/me', {
        headers: { cookie: cookieHeader(cookiesFrom(signIn.headers)) },
      });
      expect(viaCookie.status).toBe(200);
      expect(viaCookie.body).toMatchObject({ id: user.id });
    });

    it('answers 401 unauthorized without a credential or with a made-up one', async () => {
      for (const token of [undefined, 'not-a-real-token', 'hth_not-a-real-token']) {
        const response = await server.request('/api/auth/me', { token });
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ code: 'unauthorized' });
      }
    });

    it('logout ends that session only', async () => {
      const user = await createUser(server, 'logout');
      const other = await login(server, user.email);
      const response = await server.request('/api/auth/logout', { method: 'POST', token: user.token });
      expect(response.status).toBe(200);
      expect((await server.request('/api/auth/me', { token: user.token })).status).toBe(401);
      expect((await server.request('/api/auth/me', { token: other.token })).status).toBe(200);
    });
  });

  describe('password change', () => {
    const NEW_PASSWORD = 'Another-strong-7';
    const change = (token: string, current_password: string, new_password: string) =>
      server.request('/api/auth/password', { token, body: { current_password, new_password } });

    it('refuses a wrong current password (401) and a weak new one (400)', async () => {
      const user = await createUser(server, 'pwfail');
      const wrong = await change(user.token, 'Not-my-password-1', NEW_PASSWORD);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'invalid_credentials' });
      const weak = await change(user.token, STRONG_PASSWORD, 'password1');
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({
        code: 'weak_password',
        details: { reasons: expect.arrayContaining(['too_common']) },
      });
      await login(server, user.email, STRONG_PASSWORD);
    });

    it('signs out the other sessions, keeps the current one, and the new password works', async () => {
      const user = await createUser(server, 'pwok');
      const elsewhere = await login(server, user.email);
      const response = await change(user.token, STRONG_PASSWORD, NEW_PASSWORD);
      expect(response.status).toBe(200);
      expect((await server.request('/api/auth/me', { token: user.token })).status).toBe(200);
      expect((await server.request('/api/auth/me', { token: elsewhere.token })).status).toBe(401);

      const old = await server.request('/api/auth/login', { body: { email: user.email, password: STRONG_PASSWORD } });
      expect(old.status).toBe(401);
      await login(server, user.email, NEW_PASSWORD);
    });
  });

  describe('profile', () => {
    const AVATAR =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

    it('updates the full name and a data-URL avatar', async () => {
      const user = await createUser(server, 'profile');
      const response = await server.request('/api/profile', {
        method: 'PATCH',
        token: user.token,
        body: { full_name: ' Katherine Johnson ', avatar_url: AVATAR },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: user.id, full_name: 'Katherine Johnson', avatar_url: AVATAR });
      const me = await server.request('/api/auth/me', { token: user.token });
      expect(me.body).toMatchObject({ full_name: 'Katherine Johnson', avatar_url: AVATAR });
    });

    it('refuses a javascript: avatar URL with 400 and keeps the old one', async () => {
      const user = await createUser(server, 'jsavatar');
      const response = await server.request('/api/profile', {
        method: 'PATCH',
        token: user.token,
        body: { avatar_url: 'javascript:alert(1)' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error' });
      expect((await server.request('/api/auth/me', { token: user.token })).body).toMatchObject({ avatar_url: null });
    });
  });
});

describe(`accounts: SUPER_ADMIN_EMAIL (${testDb})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SUPER_ADMIN_EMAIL: 'Owner@Example.test' });
  });
  afterAll(() => server.close());

  it('makes that email super_admin and the first other account a plain user', async () => {
    const other = await server.request<SignupResult>('/api/auth/signup', {
      body: { email: uniqueEmail('early'), password: STRONG_PASSWORD },
    });
    expect(other.status).toBe(201);
    expect(other.body.user.role).toBe('user');
    const owner = await server.request<SignupResult>('/api/auth/signup', {
      body: { email: 'OWNER@example.test', password: STRONG_PASSWORD },
    });
    expect(owner.status).toBe(201);
    expect(owner.body.user).toMatchObject({ email: 'owner@example.test', role: 'super_admin' });
  });
});
