import type { Me, OidcTestStart, SsoProviders, SsoSettings, SsoTestResult } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSignIn, type FakeOidcProvider, startFakeOidcProvider } from '../../../test/fakes/fake-oidc-provider';
import {
  createUser,
  STRONG_PASSWORD,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { allowLoopback, LDAP_OFF, OIDC_OFF, putSsoSettings } from './sso-test-helpers';

describe(`single sign-on: OIDC against a real provider (${testDb})`, () => {
  let server: TestServer;
  let idp: FakeOidcProvider;
  let root: TestUser;

  const oidcSettings = () => ({
    ...OIDC_OFF,
    enabled: true,
    display_name: 'Corp ID',
    issuer_url: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    account_creation: 'auto' as const,
    require_group: true,
    allowed_domains: ['corp.test'],
    rules: [
      { group: 'hearth-users', role: 'user' as const, organization_id: null },
      { group: 'hearth-admins', role: 'admin' as const, organization_id: null },
    ],
  });
  const signIn = (login: string, tamper?: (callback: URL) => void) =>
    browserSignIn(server.url, '/api/auth/oidc/start', login, { tamper });
  const me = (token: string) => server.request<Me>('/api/auth/me', { token });

  beforeAll(async () => {
    server = await startTestServer();
    root = await createUser(server, 'sso-root');
    idp = await startFakeOidcProvider({ redirectUris: [`${server.url}/api/auth/oidc/callback`] });
    await allowLoopback(server, root.token);
    await putSsoSettings(server, root.token, { oidc: oidcSettings() });
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  it('keeps the client secret write-only and shows the provider on the sign-in page', async () => {
    const read = await server.request<SsoSettings>('/api/admin/settings/sso', { token: root.token });
    expect(read.body.oidc).toMatchObject({ client_secret_set: true, issuer_url: idp.issuer });
    expect(JSON.stringify(read.body)).not.toContain(idp.clientSecret);
    // An empty secret keeps the stored one.
    const again = await putSsoSettings(server, root.token, { oidc: { ...oidcSettings(), client_secret: '' } });
    expect(again.oidc.client_secret_set).toBe(true);
    const providers = await server.request<SsoProviders>('/api/auth/sso');
    expect(providers.body).toEqual({ oidc: { display_name: 'Corp ID' }, ldap: false });
  });

  it('signs in through the provider with the mapped role, re-applied at every sign-in', async () => {
    idp.users.set('alice', {
      email: 'alice@corp.test',
      email_verified: true,
      name: 'Alice',
      groups: ['hearth-users', 'hearth-admins'],
    });
    const first = await signIn('alice');
    expect(first.location).toBe('/');
    expect(first.sessionCookie).toBeTruthy();
    const admin = await me(first.sessionCookie ?? '');
    expect(admin.body).toMatchObject({ email: 'alice@corp.test', role: 'admin', full_name: 'Alice' });

    idp.update('alice', { groups: ['hearth-users'] });
    const second = await signIn('alice');
    expect(second.location).toBe('/');
    const demoted = await me(second.sessionCookie ?? '');
    expect(demoted.body).toMatchObject({ id: admin.body.id, role: 'user' });
  });

  it('refuses a user removed from every mapped group and ends their open sessions', async () => {
    idp.users.set('bruno', { email: 'bruno@corp.test', email_verified: true, name: 'Bruno', groups: ['hearth-users'] });
    const before = await signIn('bruno');
    expect((await me(before.sessionCookie ?? '')).status).toBe(200);
    const token = await server.request<{ secret: string }>('/api/tokens', {
      token: before.sessionCookie ?? '',
      body: { name: 'bruno-script' },
    });
    expect(token.status).toBe(201);

    idp.update('bruno', { groups: ['marketing'] });
    const refused = await signIn('bruno');
    expect(refused.location).toBe('/auth?sso_error=sso_group_required');
    expect(refused.sessionCookie).toBeNull();
    expect((await me(before.sessionCookie ?? '')).status).toBe(401);
    expect((await me(token.body.secret)).status).toBe(401);
  });

  it('links an existing account by verified e-mail only', async () => {
    const created = await server.request<{ id: string }>('/api/admin/users', {
      token: root.token,
      body: { email: 'carol@corp.test', password: STRONG_PASSWORD },
    });
    expect(created.status).toBe(201);
    idp.users.set('carol', {
      email: 'carol@corp.test',
      email_verified: false,
      name: 'Carol',
      groups: ['hearth-users'],
    });
    expect((await signIn('carol')).location).toBe('/auth?sso_error=sso_email_unverified');

    idp.update('carol', { email_verified: true });
    const linked = await signIn('carol');
    expect(linked.location).toBe('/');
    expect((await me(linked.sessionCookie ?? '')).body.id).toBe(created.body.id);
  });

  it('puts users in the organisation their group maps to, and refuses rules naming unknown organisations', async () => {
    const org = await server.request<{ id: string }>('/api/admin/organizations', {
      token: root.token,
      body: { name: 'Team B' },
    });
    expect(org.status).toBe(201);
    const teamRule = { group: 'team-b', role: 'moderator' as const, organization_id: org.body.id };
    await putSsoSettings(server, root.token, {
      oidc: { ...oidcSettings(), rules: [...oidcSettings().rules, teamRule] },
    });
    idp.users.set('hana', { email: 'hana@corp.test', email_verified: true, name: 'Hana', groups: ['team-b'] });
    const signedIn = await signIn('hana');
    expect((await me(signedIn.sessionCookie ?? '')).body).toMatchObject({
      role: 'moderator',
      organization_id: org.body.id,
    });

    const unknown = await server.request('/api/admin/settings/sso', {
      method: 'PUT',
      token: root.token,
      body: { oidc: { ...oidcSettings(), rules: [{ ...teamRule, organization_id: 'no-such-org' }] }, ldap: LDAP_OFF },
    });
    expect(unknown.status).toBe(400);
    await putSsoSettings(server, root.token, { oidc: oidcSettings() });
  });

  it('refuses e-mail domains that are not allowed', async () => {
    idp.users.set('eve', { email: 'eve@elsewhere.test', email_verified: true, name: 'Eve', groups: ['hearth-admins'] });
    const refused = await signIn('eve');
    expect(refused.location).toBe('/auth?sso_error=sso_domain_not_allowed');
  });

  it('refuses a callback whose state does not match the browser that started the sign-in', async () => {
    idp.users.set('dora', { email: 'dora@corp.test', email_verified: true, name: 'Dora', groups: ['hearth-users'] });
    const refused = await signIn('dora', (callback) => callback.searchParams.set('state', 'forged-state'));
    expect(refused.location).toBe('/auth?sso_error=sso_state_mismatch');
    expect(refused.sessionCookie).toBeNull();
  });

  it('creates no account in invite-only mode', async () => {
    await putSsoSettings(server, root.token, { oidc: { ...oidcSettings(), account_creation: 'existing_only' } });
    idp.users.set('frank', { email: 'frank@corp.test', email_verified: true, name: 'Frank', groups: ['hearth-users'] });
    expect((await signIn('frank')).location).toBe('/auth?sso_error=sso_no_account');
    await putSsoSettings(server, root.token, { oidc: oidcSettings() });
  });

  it('runs a test sign-in that shows the claims and the mapping without signing anyone in', async () => {
    idp.users.set('gina', { email: 'gina@corp.test', email_verified: true, name: 'Gina', groups: ['hearth-admins'] });
    const started = await server.request<OidcTestStart>('/api/admin/settings/sso/oidc/test', {
      token: root.token,
      body: {},
    });
    expect(started.status).toBe(200);
    expect(started.body.authorization_url).toContain(idp.issuer);
    const flow = /hearth_oidc=([^;]+)/.exec(started.headers.getSetCookie().join('\n'))?.[1];
    const page = await browserSignIn(server.url, started.body.authorization_url ?? '', 'gina', {
      hearthCookie: `hearth_session=${root.token}; hearth_oidc=${flow}`,
    });
    expect(page.status).toBe(200);
    expect(page.sessionCookie).toBeNull();
    const json = /<pre id="sso-test-result">([\s\S]*)<\/pre>/.exec(page.body)?.[1] ?? '{}';
    const result = JSON.parse(
      json.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))),
    ) as SsoTestResult;
    expect(result).toMatchObject({
      provider: 'oidc',
      error: null,
      email: 'gina@corp.test',
      groups: ['hearth-admins'],
      mapping: { allowed: true, role: 'admin' },
    });
    expect(result.claims).toMatchObject({ sub: 'gina', email_verified: true });
    // Nobody was signed in and no account was made.
    const users = await server.request<{ users: { email: string }[] }>('/api/admin/users?search=gina', {
      token: root.token,
    });
    expect(JSON.stringify(users.body)).not.toContain('gina@corp.test');
  });
});
