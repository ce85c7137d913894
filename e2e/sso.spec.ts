import { type APIRequestContext, expect, test } from '@playwright/test';
import { type FakeOidcProvider, startFakeOidcProvider } from '../apps/server/test/fakes/fake-oidc-provider';
import {
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_GROUPS,
  LDAP_PEOPLE,
  type Slapd,
  startSlapd,
} from '../apps/server/test/fakes/slapd';
import { adminToken } from './support/signup-mode';

/**
 * Single sign-on (issue 16) through real servers started by this spec on free loopback ports: an OpenID provider
 * (oidc-provider, with its own login page) and Debian's slapd. Hearth is configured through the admin API and
 * put back (both methods off) afterwards.
 */
const mapping = {
  account_creation: 'auto',
  require_group: true,
  allowed_domains: ['corp.test'],
};
const oidcOff = {
  enabled: false,
  display_name: 'SSO',
  issuer_url: '',
  client_id: '',
  scopes: 'openid email profile',
  groups_claim: 'groups',
  account_creation: 'existing_only',
  require_group: false,
  rules: [],
  allowed_domains: [],
};
const ldapOff = {
  enabled: false,
  url: '',
  bind_dn: '',
  search_base: '',
  user_filter: '(uid={{username}})',
  email_attribute: 'mail',
  name_attribute: 'cn',
  group_attribute: 'memberOf',
  group_search_base: '',
  group_filter: '(member={{dn}})',
  start_tls: false,
  account_creation: 'existing_only',
  require_group: false,
  rules: [],
  allowed_domains: [],
};

async function putSso(request: APIRequestContext, body: { oidc: object; ldap: object }) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const network = await request.put('/api/admin/settings/network', { headers, data: { allowed_hosts: ['127.0.0.1'] } });
  expect(network.status(), await network.text()).toBe(200);
  const saved = await request.put('/api/admin/settings/sso', { headers, data: body });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.describe('single sign-on', () => {
  let idp: FakeOidcProvider;
  let slapd: Slapd;

  test.beforeAll(async ({ request, baseURL }) => {
    idp = await startFakeOidcProvider({ redirectUris: [`${baseURL}/api/auth/oidc/callback`] });
    slapd = await startSlapd([{ uid: 'lena', password: 'lena-dir-pw-1', mail: 'lena@corp.test', cn: 'Lena Ldap' }], {
      'hearth-mods': ['lena'],
    });
    await putSso(request, {
      oidc: {
        ...oidcOff,
        ...mapping,
        enabled: true,
        display_name: 'Corp ID',
        issuer_url: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        rules: [{ group: 'hearth-admins', role: 'admin', organization_id: null }],
      },
      ldap: {
        ...ldapOff,
        ...mapping,
        enabled: true,
        url: slapd.url,
        bind_dn: LDAP_ADMIN_DN,
        bind_password: LDAP_ADMIN_PASSWORD,
        search_base: LDAP_PEOPLE,
        group_attribute: '',
        group_search_base: LDAP_GROUPS,
        rules: [{ group: 'hearth-mods', role: 'moderator', organization_id: null }],
      },
    });
  });

  test.afterAll(async ({ request }) => {
    await putSso(request, { oidc: oidcOff, ldap: ldapOff });
    await idp.close();
    await slapd.close();
  });

  test('OIDC sign-in through the provider maps groups to a role; a user removed from the group loses access', async ({
    page,
    browser,
  }) => {
    idp.users.set('olga', {
      email: 'olga@corp.test',
      email_verified: true,
      name: 'Olga Oidc',
      groups: ['hearth-admins'],
    });
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Corp ID' }).click();
    // The provider's own login page.
    await page.locator('input[name="login"]').fill('olga');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).not.toHaveURL(/\/auth|127\.0\.0\.1:\d+\/interaction/);
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ email: 'olga@corp.test', role: 'admin' });

    // Removed from the group at the provider: the next sign-in is refused and the open session ends.
    idp.update('olga', { groups: [] });
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto('/auth');
    await second.getByRole('link', { name: 'Sign in with Corp ID' }).click();
    await second.locator('input[name="login"]').fill('olga');
    await second.locator('input[name="password"]').fill('any password');
    await second.getByRole('button', { name: 'Sign-in' }).click();
    await expect(second).toHaveURL(/\/auth\?sso_error=sso_group_required/);
    await expect(second.getByRole('alert')).toContainText('not in a group that may use this instance');
    await other.close();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('LDAP sign-in with the directory password and the mapped role', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in with LDAP' });
    await form.getByLabel('Directory user name').fill('lena');
    await form.getByLabel('Directory password').fill('lena-dir-pw-1');
    await form.getByRole('button', { name: 'Sign in with LDAP' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ email: 'lena@corp.test', role: 'moderator', full_name: 'Lena Ldap' });
  });
});
