import type { SecuritySettings, SystemSettings } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../../test/helpers';
import { createCollection, uploadDocument } from '../knowledge/knowledge-test-helpers';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

const OPEN: SecuritySettings = {
  password_min_length: 8,
  password_require_digit: false,
  password_require_symbol: false,
  password_require_uppercase: false,
  signup_mode: 'open',
  session_lifetime_hours: 168,
  require_2fa: 'off',
};

describe(`admin settings: security and system (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    superAdmin = await createUser(server, 'root');
    admin = await createUser(server, 'admin');
    user = await createUser(server, 'user');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
  });
  afterAll(() => server.close());

  const putSecurity = (token: string, body: unknown) =>
    server.request<SecuritySettings>('/api/admin/settings/security', { method: 'PUT', token, body });
  const putSystem = (token: string, body: unknown) =>
    server.request<SystemSettings>('/api/admin/settings/system', { method: 'PUT', token, body });
  const signup = (email: string, password = STRONG_PASSWORD) =>
    server.request('/api/auth/signup', { body: { email, password } });
  const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

  it('starts from the environment defaults; admins read, only super admins change', async () => {
    const read = await server.request<SecuritySettings>('/api/admin/settings/security', { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(OPEN);
    expect((await putSecurity(admin.token, OPEN)).status).toBe(403);
    expect((await putSystem(admin.token, { default_model: null, upload_limit_mb: 5 })).status).toBe(403);
    expect((await server.request('/api/admin/settings/security', { token: user.token })).status).toBe(403);
    expect((await putSecurity(superAdmin.token, { ...OPEN, session_lifetime_hours: 0 })).status).toBe(400);
    expect((await putSecurity(superAdmin.token, { ...OPEN, signup_mode: 'sometimes' })).status).toBe(400);
    expect((await putSystem(superAdmin.token, { default_model: null, upload_limit_mb: 11 })).status).toBe(400);
  });

  it('closed and invite-only sign-up refuse new accounts with a clear message; open lets them in again', async () => {
    for (const mode of ['closed', 'invite_only'] as const) {
      expect((await putSecurity(superAdmin.token, { ...OPEN, signup_mode: mode })).body.signup_mode).toBe(mode);
      const refused = await signup(unique('closed'));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'signup_closed', message: expect.stringMatching(/administrator/) });
    }
    // Admins still add people while sign-up is closed.
    const added = await server.request('/api/admin/users', {
      token: admin.token,
      body: { email: unique('invited'), password: STRONG_PASSWORD },
    });
    expect(added.status).toBe(201);
    await putSecurity(superAdmin.token, OPEN);
    expect((await signup(unique('open'))).status).toBe(201);
  });

  it('applies the password policy to sign-up, password change and admin-created users', async () => {
    await putSecurity(superAdmin.token, {
      ...OPEN,
      password_min_length: 14,
      password_require_digit: true,
      password_require_symbol: true,
      password_require_uppercase: true,
    });
    const weak = 'lowercase-words-only';
    const refusedSignup = await signup(unique('policy'), weak);
    expect(refusedSignup.status).toBe(400);
    expect(refusedSignup.body).toMatchObject({
      code: 'weak_password',
      details: { reasons: ['missing_digit', 'missing_uppercase'], min_length: 14 },
    });
    expect((await signup(unique('policy'), 'Short-1')).body).toMatchObject({
      details: { reasons: ['too_short'] },
    });
    const refusedCreate = await server.request('/api/admin/users', {
      token: admin.token,
      body: { email: unique('made'), password: 'Nosymbolshere123' },
    });
    expect(refusedCreate.body).toMatchObject({ code: 'weak_password', details: { reasons: ['missing_symbol'] } });
    const refusedChange = await server.request('/api/auth/password', {
      token: user.token,
      body: { current_password: STRONG_PASSWORD, new_password: weak },
    });
    expect(refusedChange.body).toMatchObject({ code: 'weak_password' });
    expect((await signup(unique('policy'), 'Long-enough-pass-7')).status).toBe(201);
    await putSecurity(superAdmin.token, OPEN);
  });

  it('gives new sessions the configured lifetime', async () => {
    await putSecurity(superAdmin.token, { ...OPEN, session_lifetime_hours: 2 });
    const response = await server.request<{ expires_in: number; access_token: string }>('/api/auth/login', {
      body: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(response.body.expires_in).toBe(7200);
    const row = await server.app.db.kysely
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .orderBy('created_at', 'desc')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at);
    expect(Math.abs(lifetime - 7_200_000)).toBeLessThan(5_000);
    // A session past its lifetime is refused at once.
    await server.app.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await server.request('/api/auth/me', { token: response.body.access_token })).status).toBe(401);
    await putSecurity(superAdmin.token, OPEN);
    user = await login(server, user.email);
  });

  it('stores system settings and shows the defaults to every signed-in user', async () => {
    const defaults = await server.request('/api/instance/defaults', { token: user.token });
    expect(defaults.body).toEqual({ default_model: null, upload_limit_mb: 10, public_share_links: false });
    const saved = await putSystem(superAdmin.token, { default_model: 'ollama/llama3:latest', upload_limit_mb: 4 });
    expect(saved.body).toEqual({
      default_model: 'ollama/llama3:latest',
      upload_limit_mb: 4,
      public_share_links: false,
    });
    expect((await server.request('/api/admin/settings/system', { token: admin.token })).body).toEqual(saved.body);
    expect((await server.request('/api/instance/defaults', { token: user.token })).body).toEqual(saved.body);
    expect((await server.request('/api/instance/defaults')).status).toBe(401);
  });

  it('keeps public share links allowed when a PUT leaves the field out', async () => {
    const allowed = await putSystem(superAdmin.token, {
      default_model: null,
      upload_limit_mb: 10,
      public_share_links: true,
    });
    expect(allowed.body.public_share_links).toBe(true);
    const later = await putSystem(superAdmin.token, { default_model: null, upload_limit_mb: 8 });
    expect(later.body).toEqual({ default_model: null, upload_limit_mb: 8, public_share_links: true });
    await putSystem(superAdmin.token, { default_model: null, upload_limit_mb: 10, public_share_links: false });
  });

  it('applies the upload limit to knowledge uploads, in the spec message', async () => {
    await putSystem(superAdmin.token, { default_model: null, upload_limit_mb: 1 });
    const collection = await createCollection(server, user, 'Limited');
    const big = await uploadDocument(server, user.token, collection.id, 'big.txt', 'a '.repeat(800_000));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size (1.53 MB) exceeds maximum allowed size (1MB)');
    const small = await uploadDocument(server, user.token, collection.id, 'small.txt', 'a small file');
    expect(small.status).toBe(202);
    await putSystem(superAdmin.token, { default_model: null, upload_limit_mb: 10 });
  });
});
