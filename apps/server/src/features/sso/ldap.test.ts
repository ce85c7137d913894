import type { LoginResponse, Me, SsoTestResult } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_GROUPS,
  LDAP_PEOPLE,
  type Slapd,
  startSlapd,
} from '../../../test/fakes/slapd';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { enableTotp, totpCodeAt } from '../../../test/mfa-helpers';
import { escapeFilterValue } from './ldap.service';
import { LDAP_OFF, putSsoSettings } from './sso-test-helpers';

describe(`single sign-on: LDAP against slapd (${testDb})`, () => {
  let server: TestServer;
  let slapd: Slapd;
  let root: TestUser;

  const ldapSettings = () => ({
    ...LDAP_OFF,
    enabled: true,
    url: slapd.url,
    bind_dn: LDAP_ADMIN_DN,
    bind_password: LDAP_ADMIN_PASSWORD,
    search_base: LDAP_PEOPLE,
    user_filter: '(&(objectClass=inetOrgPerson)(uid={{username}}))',
    group_attribute: '',
    group_search_base: LDAP_GROUPS,
    group_filter: '(&(objectClass=groupOfNames)(member={{dn}}))',
    account_creation: 'auto' as const,
    require_group: true,
    rules: [
      { group: 'staff', role: 'user' as const, organization_id: null },
      { group: 'cn=it-admins,ou=groups,dc=hearth,dc=test', role: 'admin' as const, organization_id: null },
    ],
  });
  const login = (username: string, password: string) =>
    server.request<LoginResponse>('/api/auth/ldap/login', { body: { username, password } });

  beforeAll(async () => {
    slapd = await startSlapd(
      [
        { uid: 'ann', password: 'ann-pw-1', mail: 'ann@corp.test', cn: 'Ann Admin' },
        { uid: 'sam', password: 'sam-pw-1', mail: 'sam@corp.test', cn: 'Sam Staff' },
        { uid: 'sal', password: 'sal-pw-1', mail: 'sal@corp.test', cn: 'Sal Similar' },
      ],
      { 'it-admins': ['ann'], staff: ['ann', 'sam', 'sal'] },
    );
    server = await startTestServer();
    root = await createUser(server, 'ldap-root');
    await putSsoSettings(server, root.token, { ldap: ldapSettings() });
  });
  afterAll(async () => {
    await server.close();
    await slapd.close();
  });

  it('escapes filter values (RFC 4515)', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0')).toBe('a\\5cb\\00');
  });

  it('signs in with the directory password and the role from the group mapping, re-applied each time', async () => {
    const ann = await login('ann', 'ann-pw-1');
    expect(ann.status).toBe(200);
    expect(ann.body.user).toMatchObject({ email: 'ann@corp.test', role: 'admin', full_name: 'Ann Admin' });
    expect(ann.headers.getSetCookie().join(';')).toContain('hearth_session=');

    await slapd.setMembership('it-admins', 'ann', false);
    const again = await login('ann', 'ann-pw-1');
    expect(again.body.user).toMatchObject({ id: ann.body.user.id, role: 'user' });
    await slapd.setMembership('it-admins', 'ann', true);
  });

  it('refuses a wrong password and a user removed from every mapped group', async () => {
    const wrong = await login('sam', 'not-his-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials' });

    const sam = await login('sam', 'sam-pw-1');
    expect(sam.status).toBe(200);
    await slapd.setMembership('staff', 'sam', false);
    const refused = await login('sam', 'sam-pw-1');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'sso_group_required' });
    // The session from before is gone too.
    expect((await server.request<Me>('/api/auth/me', { token: sam.body.access_token })).status).toBe(401);
  });

  it('cannot widen the user filter with filter syntax in the user name', async () => {
    // Unescaped, "s*" would match sam and sal, and "*)(uid=ann" would find ann with any password attempt.
    for (const username of ['s*', '*', 'ann)(uid=*', '*)(|(uid=*']) {
      const refused = await login(username, 'ann-pw-1');
      expect(refused.status, username).toBe(401);
      expect(refused.body).toMatchObject({ code: 'invalid_credentials' });
    }
  });

  it('asks an account with two-factor sign-in for its code after the directory password', async () => {
    const first = await login('sal', 'sal-pw-1');
    expect(first.status).toBe(200);
    const secret = await enableTotp(server, first.body.access_token);
    const started = await server.request<{ mfa_required?: boolean; challenge?: string }>('/api/auth/ldap/login', {
      body: { username: 'sal', password: 'sal-pw-1' },
    });
    expect(started.body).toMatchObject({ mfa_required: true });
    expect(started.headers.getSetCookie().join(';')).not.toContain('hearth_session=');
    const finished = await server.request<LoginResponse>('/api/auth/login/mfa', {
      body: { challenge: started.body.challenge, code: await totpCodeAt(secret, 0) },
    });
    expect(finished.status).toBe(200);
    expect(finished.body.user.email).toBe('sal@corp.test');
  });

  it('lets the super admin test the directory without signing anyone in', async () => {
    const result = await server.request<SsoTestResult>('/api/admin/settings/sso/ldap/test', {
      token: root.token,
      body: { username: 'sal', password: 'sal-pw-1' },
    });
    expect(result.body).toMatchObject({
      provider: 'ldap',
      error: null,
      email: 'sal@corp.test',
      groups: [`cn=staff,${LDAP_GROUPS}`],
      mapping: { allowed: true, role: 'user' },
    });
    const wrong = await server.request<SsoTestResult>('/api/admin/settings/sso/ldap/test', {
      token: root.token,
      body: { username: 'sal', password: 'nope' },
    });
    expect(wrong.body.error).toMatch(/password/);
  });
});
