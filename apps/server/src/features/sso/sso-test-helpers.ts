import type { LdapSettingsBody, OidcSettingsBody, SsoSettings, SsoSettingsBody } from '@hearth/contract';
import type { HttpClient } from '../../../test/test-server';

/** Settings with both methods off: tests override what they need. */
export const OIDC_OFF: OidcSettingsBody = {
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

export const LDAP_OFF: LdapSettingsBody = {
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

/** Saves SSO settings as the super admin; throws when refused. */
export async function putSsoSettings(server: HttpClient, token: string, body: Partial<SsoSettingsBody>) {
  const response = await server.request<SsoSettings>('/api/admin/settings/sso', {
    method: 'PUT',
    token,
    body: { oidc: OIDC_OFF, ldap: LDAP_OFF, ...body },
  });
  if (response.status !== 200)
    throw new Error(`SSO settings refused: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Lets the server reach loopback fakes (the issuer is guarded like other admin-configured URLs). */
export async function allowLoopback(server: HttpClient, token: string): Promise<void> {
  const response = await server.request('/api/admin/settings/network', {
    method: 'PUT',
    token,
    body: { allowed_hosts: ['127.0.0.1'] },
  });
  if (response.status !== 200) throw new Error(`network settings refused: ${response.status}`);
}
