import type { LoginResponse, MfaChallenge, MfaEnrolment, MfaRecoveryCodes, MfaStatus } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../../test/helpers';
import { totpCodeAt as codeAt } from '../../../test/totp-code';
import {
  createUser,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { CHALLENGE_MAX_ATTEMPTS } from './mfa.service';

describe(`TOTP two-factor sign-in (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    superAdmin = await createUser(server, 'root');
  });
  afterAll(() => server.close());

  const status = (token: string) => server.request<MfaStatus>('/api/auth/mfa', { token });
  const passwordLogin = (email: string) =>
    server.request<LoginResponse | MfaChallenge>('/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
  const finish = (body: Record<string, unknown>) => server.request<LoginResponse>('/api/auth/login/mfa', { body });

  /** Enrols through the API; answers the secret (as shown on screen) and the recovery codes. */
  async function enrol(user: TestUser) {
    const started = await server.request<MfaEnrolment>('/api/auth/mfa/enrol', { method: 'POST', token: user.token });
    expect(started.status).toBe(200);
    const { secret } = started.body;
    const confirmed = await server.request<MfaRecoveryCodes>('/api/auth/mfa/confirm', {
      token: user.token,
      body: { code: await codeAt(secret, -1) },
    });
    expect(confirmed.status).toBe(200);
    return { secret, recoveryCodes: confirmed.body.recovery_codes };
  }

  async function challengeFor(email: string): Promise<string> {
    const response = await passwordLogin(email);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ mfa_required: true });
    expect(response.body).not.toHaveProperty('access_token');
    return (response.body as MfaChallenge).challenge;
  }

  it('enrols with a QR code and a first code, then sign-in asks for the code after the password', async () => {
    const user = await createUser(server, 'totp');
    const started = await server.request<MfaEnrolment>('/api/auth/mfa/enrol', { method: 'POST', token: user.token });
    expect(started.body.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(started.body.otpauth_url).toContain(`secret=${started.body.secret}`);
    expect((await status(user.token)).body).toMatchObject({ enabled: false });
    const wrong = await server.request('/api/auth/mfa/confirm', { token: user.token, body: { code: '000000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_mfa_code' });

    const confirmed = await server.request<MfaRecoveryCodes>('/api/auth/mfa/confirm', {
      token: user.token,
      body: { code: await codeAt(started.body.secret, -1) },
    });
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect((await status(user.token)).body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Stored sealed, never in clear.
    const row = await server.app.db.kysely
      .selectFrom('user_mfa')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(JSON.stringify(row)).not.toContain(started.body.secret);

    const challenge = await challengeFor(user.email);
    expect((await finish({ challenge, code: '123456' })).status).toBe(401);
    const code = await codeAt(started.body.secret, 0);
    const signedIn = await finish({ challenge, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user.id);
    expect((await server.request('/api/auth/me', { token: signedIn.body.access_token })).status).toBe(200);
    // The challenge is spent, and the same code (its time step) cannot be used again.
    expect((await finish({ challenge, code })).body).toMatchObject({
      code: 'mfa_challenge_expired',
    });
    const again = await challengeFor(user.email);
    expect((await finish({ challenge: again, code })).status).toBe(401);
  });

  it('signs in with a recovery code once, and audits it', async () => {
    const user = await createUser(server, 'recovery');
    const { recoveryCodes } = await enrol(user);
    const code = recoveryCodes[0] ?? '';
    const first = await finish({ challenge: await challengeFor(user.email), recovery_code: code.toUpperCase() });
    expect(first.status).toBe(200);
    const reused = await finish({ challenge: await challengeFor(user.email), recovery_code: code });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'invalid_mfa_code' });
    expect((await status(user.token)).body.recovery_codes_left).toBe(9);
    const audit = await server.app.db.kysely
      .selectFrom('audit_logs')
      .select(['action', 'resource_type'])
      .where('user_id', '=', user.id)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'CREATE', resource_type: 'mfa' },
        { action: 'UPDATE', resource_type: 'mfa_recovery_code' },
      ]),
    );
  });

  it(`allows ${CHALLENGE_MAX_ATTEMPTS} wrong codes per challenge, then the password is needed again`, async () => {
    const user = await createUser(server, 'guesser');
    const { secret } = await enrol(user);
    const challenge = await challengeFor(user.email);
    for (let attempt = 0; attempt < CHALLENGE_MAX_ATTEMPTS; attempt += 1) {
      expect((await finish({ challenge, code: '000000' })).body).toMatchObject({ code: 'invalid_mfa_code' });
    }
    const blocked = await finish({ challenge, code: await codeAt(secret, 0) });
    expect(blocked.status).toBe(401);
    expect(blocked.body).toMatchObject({ code: 'mfa_challenge_expired' });
  });

  it('disables with a current code or the password (audited); a wrong password is refused', async () => {
    const user = await createUser(server, 'disabler');
    const { secret } = await enrol(user);
    const disable = (body: Record<string, unknown>) =>
      server.request('/api/auth/mfa/disable', { token: user.token, body });
    expect((await disable({ password: 'wrong-password' })).status).toBe(401);
    expect((await disable({ code: await codeAt(secret, 0) })).status).toBe(200);
    expect((await status(user.token)).body.enabled).toBe(false);
    expect((await passwordLogin(user.email)).body).toHaveProperty('access_token');
    await enrol(user);
    expect((await disable({ password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('policy "admins": an admin without 2FA signs in only to enrol, then everything works', async () => {
    const admin = await createUser(server, 'policyadmin');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
    const security = await server.request<Record<string, unknown>>('/api/admin/settings/security', {
      token: superAdmin.token,
    });
    const put = (require2fa: string) =>
      server.request('/api/admin/settings/security', {
        method: 'PUT',
        token: superAdmin.token,
        body: { ...security.body, require_2fa: require2fa },
      });
    expect((await put('admins')).status).toBe(200);
    try {
      // A client that leaves the policy out (written before it existed) keeps it rather than switching it off.
      const { require_2fa: _left, ...older } = security.body;
      const kept = await server.request<{ require_2fa: string }>('/api/admin/settings/security', {
        method: 'PUT',
        token: superAdmin.token,
        body: older,
      });
      expect(kept.status).toBe(200);
      expect(kept.body.require_2fa).toBe('admins');
      const signedIn = await passwordLogin(admin.email);
      const token = (signedIn.body as LoginResponse).access_token;
      const blocked = await server.request('/api/conversations', { token });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ code: 'mfa_enrolment_required' });
      expect((await server.request('/api/auth/me', { token })).status).toBe(200);
      expect((await status(token)).body).toMatchObject({ required: true, enrolment_pending: true });
      const { secret } = await enrol({ ...admin, token });
      expect((await server.request('/api/conversations', { token })).status).toBe(200);
      // Required by policy: it cannot be turned off.
      const off = await server.request('/api/auth/mfa/disable', { token, body: { code: await codeAt(secret, 0) } });
      expect(off.body).toMatchObject({ code: 'mfa_required_by_policy' });
      // A plain user is not under the "admins" policy.
      const plain = await createUser(server, 'plain');
      expect((await server.request('/api/conversations', { token: plain.token })).status).toBe(200);
    } finally {
      await put('off');
    }
  });
});
