import type { AdminResetLink, AdminUser } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, linkIn, startFakeSmtp } from '../../../test/fakes/fake-smtp';
import { assignRole, moveToNewOrganization } from '../../../test/helpers';
import {
  createUser,
  login,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

const NEW_PASSWORD = 'Brand-new-Hearth-42';
const tokenOf = (url: string) => decodeURIComponent(new URL(url).hash.replace(/^#token=/, ''));

describe(`account recovery with mail (${testDb})`, () => {
  let smtp: FakeSmtp;
  let server: TestServer;
  let superAdmin: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Hearth <hearth@example.test>',
      PUBLIC_URL: 'http://hearth.example.test',
    });
    superAdmin = await createUser(server, 'root');
    admin = await createUser(server, 'admin');
    await assignRole(server, superAdmin.token, admin.id, 'admin');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const issue = (token: string, id: string) =>
    server.request<AdminResetLink>(`/api/admin/users/${id}/password-reset`, { method: 'POST', token });
  const reset = (token: string, password = NEW_PASSWORD) =>
    server.request('/api/auth/reset-password', { body: { token, new_password: password } });

  it('the first account (nothing to reveal yet) is answered as usual and gets a verification mail', async () => {
    expect(superAdmin.role).toBe('super_admin');
    const mail = await smtp.waitFor(superAdmin.email, (m) => m.subject.startsWith('Verify your e-mail'));
    expect(linkIn(mail)).toContain('/verify-email#token=');
  });

  it('tells /auth that mail is available', async () => {
    const options = await server.request('/api/auth/recovery-options');
    expect(options.body).toEqual({ mail_enabled: true });
  });

  it("an admin's reset link is shown once, mailed, works once, and ends the user's sessions", async () => {
    const user = await createUser(server, 'forgetful');
    const link = await issue(admin.token, user.id);
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(/^http:\/\/hearth\.example\.test\/reset-password#token=/);
    expect(link.body.mailed).toBe(true);
    const expiresInMs = Date.parse(link.body.expires_at) - Date.now();
    expect(expiresInMs).toBeGreaterThan(59 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(60 * 60_000);
    const mail = await smtp.waitFor(user.email, (m) => m.subject === 'Reset your Hearth password');
    expect(linkIn(mail)).toBe(link.body.url);

    // A weak password is refused without spending the link.
    expect((await reset(tokenOf(link.body.url), 'short')).status).toBe(400);
    expect((await reset(tokenOf(link.body.url))).status).toBe(200);
    expect((await server.request('/api/auth/me', { token: user.token })).status).toBe(401);
    await expect(login(server, user.email)).rejects.toThrow();
    await login(server, user.email, NEW_PASSWORD);

    const again = await reset(tokenOf(link.body.url), 'Another-good-pass-77');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invalid_link' });
  });

  it('a link stops working after an hour, and a newer link replaces an older one', async () => {
    const user = await createUser(server, 'late');
    const first = await issue(admin.token, user.id);
    const second = await issue(admin.token, user.id);
    expect((await reset(tokenOf(first.body.url))).status).toBe(400);
    await server.app.db.kysely
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await reset(tokenOf(second.body.url))).status).toBe(400);
  });

  it('admins issue links only for users they may manage', async () => {
    const peer = await createUser(server, 'peer');
    await assignRole(server, superAdmin.token, peer.id, 'admin');
    expect((await issue(admin.token, peer.id)).status).toBe(403);
    const elsewhere = await createUser(server, 'elsewhere');
    await moveToNewOrganization(server, elsewhere.id);
    expect((await issue(admin.token, elsewhere.id)).status).toBe(404);
    const plain = await createUser(server, 'plain');
    expect((await issue(plain.token, elsewhere.id)).status).toBe(403);
  });

  it('"Forgot password?" answers alike for known and unknown addresses and mails only the owner', async () => {
    const user = await createUser(server, 'forgot');
    const known = await server.request('/api/auth/forgot-password', { body: { email: user.email } });
    const unknown = await server.request('/api/auth/forgot-password', { body: { email: 'nobody@example.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await smtp.waitFor(user.email, (m) => m.subject === 'Reset your Hearth password');
    expect((await reset(tokenOf(linkIn(mail)))).status).toBe(200);
    await login(server, user.email, NEW_PASSWORD);
    expect(smtp.mails.some((m) => m.to.includes('nobody@example.test'))).toBe(false);
  });

  it('"Forgot password?" is limited per address', async () => {
    const email = 'flooded@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await server.request('/api/auth/forgot-password', { body: { email } })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('weakness 7: sign-up answers alike for a taken address and mails its owner instead', async () => {
    const owner = await createUser(server, 'owner');
    const taken = await server.request('/api/auth/signup', { body: { email: owner.email, password: STRONG_PASSWORD } });
    const fresh = await server.request('/api/auth/signup', {
      body: { email: 'fresh-signup@example.test', password: STRONG_PASSWORD },
    });
    expect(taken.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(taken.body).toEqual({ check_email: true });
    expect(fresh.body).toEqual(taken.body);
    expect(taken.headers.getSetCookie()).toEqual([]);
    const notice = await smtp.waitFor(owner.email, (m) => m.subject.startsWith('Someone tried to sign up'));
    expect(notice.text).toContain('No new account was made');
    // The owner's password is untouched, and the new account signs in as before.
    await login(server, owner.email);
    await login(server, 'fresh-signup@example.test');
  });

  it('new accounts get a verification link; unverified accounts can sign in and resend', async () => {
    const user = await createUser(server, 'verify');
    const status = () => server.request('/api/auth/email-verification', { token: user.token });
    expect((await status()).body).toEqual({ mail_enabled: true, verified: false });
    const first = await smtp.waitFor(user.email, (m) => m.subject.startsWith('Verify your e-mail'));
    expect(linkIn(first)).toMatch(/^http:\/\/hearth\.example\.test\/verify-email#token=/);

    const resend = await server.request('/api/auth/email-verification/resend', { method: 'POST', token: user.token });
    expect(resend.status).toBe(200);
    await smtp.waitFor(user.email, (m) => m.subject.startsWith('Verify your e-mail') && m !== first);
    const latest = smtp.mails.filter((m) => m.to.includes(user.email) && m.subject.startsWith('Verify')).at(-1);
    if (!latest) throw new Error('no verification mail');
    // The resend replaced the first link.
    expect((await server.request('/api/auth/verify-email', { body: { token: tokenOf(linkIn(first)) } })).status).toBe(
      400,
    );
    expect((await server.request('/api/auth/verify-email', { body: { token: tokenOf(linkIn(latest)) } })).status).toBe(
      200,
    );
    expect((await status()).body).toEqual({ mail_enabled: true, verified: true });
  });

  it('a mail the server refuses for a while is retried until it is delivered', async () => {
    const user = await createUser(server, 'greylisted');
    smtp.refuseNext(1);
    await issue(admin.token, user.id);
    const mail = await smtp.waitFor(user.email, (m) => m.subject === 'Reset your Hearth password', 15_000);
    expect(linkIn(mail)).toContain('/reset-password#token=');
  });

  it('admins correct a name and address, audited; a taken address is refused in the spec words', async () => {
    const user = await createUser(server, 'rename');
    const other = await createUser(server, 'other');
    const edit = (body: Record<string, unknown>) =>
      server.request<AdminUser>(`/api/admin/users/${user.id}`, { method: 'PATCH', token: admin.token, body });
    const renamed = await edit({ full_name: 'Renamed Person', email: 'Renamed@Example.test' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ full_name: 'Renamed Person', email: 'renamed@example.test' });
    await login(server, 'renamed@example.test');
    const clash = await edit({ email: other.email });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'email_taken', message: 'An account with this email already exists.' });
    const entry = await server.app.db.kysely
      .selectFrom('audit_logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('resource_type', '=', 'user')
      .where('action', '=', 'UPDATE')
      .executeTakeFirst();
    expect(entry?.actor_id).toBe(admin.id);
    // The new address is not verified until its owner opens a link.
    const status = await server.request('/api/auth/email-verification', {
      token: (await login(server, 'renamed@example.test')).token,
    });
    expect(status.body).toMatchObject({ verified: false });
    // Admins cannot edit other admins.
    const peer = await createUser(server, 'peer-admin');
    await assignRole(server, superAdmin.token, peer.id, 'admin');
    const refused = await server.request(`/api/admin/users/${peer.id}`, {
      method: 'PATCH',
      token: admin.token,
      body: { full_name: 'Nope' },
    });
    expect(refused.status).toBe(403);
  });
});

describe(`account recovery without mail (${testDb})`, () => {
  let server: TestServer;
  let superAdmin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    superAdmin = await createUser(server, 'root');
  });
  afterAll(() => server.close());

  it('offers no e-mail reset, keeps the 409 on sign-up, and still gives admins a link to pass on', async () => {
    expect((await server.request('/api/auth/recovery-options')).body).toEqual({ mail_enabled: false });
    const forgot = await server.request('/api/auth/forgot-password', { body: { email: superAdmin.email } });
    expect(forgot.status).toBe(409);
    expect(forgot.body).toMatchObject({ code: 'mail_not_configured' });
    const taken = await server.request('/api/auth/signup', {
      body: { email: superAdmin.email, password: STRONG_PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'email_taken' });

    const user = await createUser(server, 'nomail');
    const link = await server.request<AdminResetLink>(`/api/admin/users/${user.id}/password-reset`, {
      method: 'POST',
      token: superAdmin.token,
    });
    expect(link.status).toBe(201);
    expect(link.body.mailed).toBe(false);
    expect(link.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password#token=/);
    const done = await server.request('/api/auth/reset-password', {
      body: { token: tokenOf(link.body.url), new_password: NEW_PASSWORD },
    });
    expect(done.status).toBe(200);
    await login(server, user.email, NEW_PASSWORD);
  });
});
