import type { InvitationCreated } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, linkIn, startFakeSmtp } from '../../../test/fakes/fake-smtp';
import {
  createUser,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';

describe(`invitations by mail (${testDb})`, () => {
  let smtp: FakeSmtp;
  let server: TestServer;
  let superAdmin: TestUser;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Hearth <hearth@example.test>',
      PUBLIC_URL: 'http://hearth.example.test',
    });
    superAdmin = await createUser(server, 'root');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const invite = (body: Record<string, unknown>) =>
    server.request<InvitationCreated>('/api/admin/invitations', { token: superAdmin.token, body });

  it('mails an invitation for an address, with a link on PUBLIC_URL that signs up', async () => {
    const email = `mailed-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const created = await invite({ email, role: 'moderator' });
    expect(created.status).toBe(201);
    expect(created.body.mailed).toBe(true);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Your invitation to Default on Hearth');
    const link = linkIn(mail);
    expect(link).toBe(`http://hearth.example.test${created.body.path}`);

    const token = new URL(link).searchParams.get('invite') ?? '';
    // With mail configured sign-up answers "check your e-mail" whoever signs up; the account has the link's role.
    const joined = await server.request('/api/auth/signup', {
      body: { email, password: STRONG_PASSWORD, invite_token: token },
    });
    expect(joined.status).toBe(201);
    const account = await server.app.db.kysely
      .selectFrom('profiles')
      .innerJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select('user_roles.role')
      .where('profiles.email', '=', email)
      .executeTakeFirst();
    expect(account?.role).toBe('moderator');
  });

  it('does not mail an invitation without an address', async () => {
    const before = smtp.mails.length;
    const created = await invite({ max_uses: 5 });
    expect(created.body.mailed).toBe(false);
    expect(smtp.mails.length).toBe(before);
  });
});
