import { z } from 'zod';
import { AssignableRole } from './admin';

/**
 * Single sign-on (issue 16): OIDC and LDAP / Active Directory. Secrets (the OIDC client secret, the LDAP bind
 * password) are write-only: the server stores them encrypted and only ever answers whether one is set.
 */

/** One row of the group mapping. Rules are checked in order; the highest role of all matching rules wins. */
export const SsoGroupRule = z.object({
  group: z.string().trim().min(1).max(500),
  role: AssignableRole,
  /** The organisation a matching user belongs to (the first matching rule that names one decides); null: keep. */
  organization_id: z.string().min(1).max(100).nullable(),
});
export type SsoGroupRule = z.infer<typeof SsoGroupRule>;

/** `auto`: an unknown user gets an account; `existing_only`: only accounts that already exist may sign in. */
export const SsoAccountCreation = z.enum(['auto', 'existing_only']);
export type SsoAccountCreation = z.infer<typeof SsoAccountCreation>;

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^[a-z0-9-]+$/, 'must be a domain name such as example.com');

const mappingFields = {
  account_creation: SsoAccountCreation,
  /** When on, users whose groups match no rule are refused (and an existing account's sessions end). */
  require_group: z.boolean(),
  rules: z.array(SsoGroupRule).max(50),
  /** E-mail domains allowed to sign in; empty: any. */
  allowed_domains: z.array(domain).max(50),
};

const oidcFields = {
  enabled: z.boolean(),
  /** Shown on the sign-in page as "Sign in with {display_name}". */
  display_name: z.string().trim().min(1).max(60),
  issuer_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  client_id: z.string().trim().max(300),
  scopes: z.string().trim().min(1).max(300),
  /** The ID token / userinfo claim that lists the user's groups. */
  groups_claim: z.string().trim().min(1).max(100),
  ...mappingFields,
};

export const OidcSettings = z.object({ ...oidcFields, client_secret_set: z.boolean() });
export type OidcSettings = z.infer<typeof OidcSettings>;

/** `client_secret`: omitted or empty keeps the stored one; null removes it. */
export const OidcSettingsBody = z.object({ ...oidcFields, client_secret: z.string().max(1000).nullable().optional() });
export type OidcSettingsBody = z.infer<typeof OidcSettingsBody>;

const ldapFields = {
  enabled: z.boolean(),
  url: z.union([z.literal(''), z.string().regex(/^ldaps?:\/\/[^\s]+$/, 'must start with ldap:// or ldaps://')]),
  /** The service account that searches for users; empty: anonymous search. */
  bind_dn: z.string().trim().max(500),
  search_base: z.string().trim().max(500),
  /** `{{username}}` is replaced by the typed user name, escaped for LDAP filters (RFC 4515). */
  user_filter: z.string().trim().min(1).max(500).includes('{{username}}'),
  email_attribute: z.string().trim().min(1).max(100),
  name_attribute: z.string().trim().min(1).max(100),
  /** The user attribute listing groups (Active Directory: memberOf); empty: use the group search instead. */
  group_attribute: z.string().trim().max(100),
  /** Group search, used when set: groups under this base matching `group_filter` ({{dn}} = the user's DN). */
  group_search_base: z.string().trim().max(500),
  group_filter: z.string().trim().max(500),
  start_tls: z.boolean(),
  ...mappingFields,
};

export const LdapSettings = z.object({ ...ldapFields, bind_password_set: z.boolean() });
export type LdapSettings = z.infer<typeof LdapSettings>;

/** `bind_password`: omitted or empty keeps the stored one; null removes it. */
export const LdapSettingsBody = z.object({ ...ldapFields, bind_password: z.string().max(1000).nullable().optional() });
export type LdapSettingsBody = z.infer<typeof LdapSettingsBody>;

export const SsoSettings = z.object({ oidc: OidcSettings, ldap: LdapSettings });
export type SsoSettings = z.infer<typeof SsoSettings>;

export const SsoSettingsBody = z.object({ oidc: OidcSettingsBody, ldap: LdapSettingsBody });
export type SsoSettingsBody = z.infer<typeof SsoSettingsBody>;

/** What the sign-in page needs: which single sign-on methods are on. */
export const SsoProviders = z.object({
  oidc: z.object({ display_name: z.string() }).nullable(),
  ldap: z.boolean(),
});
export type SsoProviders = z.infer<typeof SsoProviders>;

export const LdapLoginBody = z.object({
  username: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(1024),
});
export type LdapLoginBody = z.infer<typeof LdapLoginBody>;

/** What the mapping made of a user's groups. */
export const SsoMappingResult = z.object({
  allowed: z.boolean(),
  /** Why the user would be refused (null when allowed). */
  reason: z.string().nullable(),
  role: AssignableRole.nullable(),
  organization_id: z.string().nullable(),
  matched_groups: z.array(z.string()),
});
export type SsoMappingResult = z.infer<typeof SsoMappingResult>;

/** A test sign-in: what the identity provider sent and what Hearth would do with it. Nobody is signed in. */
export const SsoTestResult = z.object({
  provider: z.enum(['oidc', 'ldap']),
  /** Set when the test could not get as far as a user (unreachable server, wrong bind password, ...). */
  error: z.string().nullable(),
  claims: z.record(z.string(), z.unknown()),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  groups: z.array(z.string()),
  mapping: SsoMappingResult.nullable(),
});
export type SsoTestResult = z.infer<typeof SsoTestResult>;

export const OidcTestStart = z.object({
  /** Open this in a new tab or popup; null when the provider could not be reached (see `error`). */
  authorization_url: z.string().nullable(),
  error: z.string().nullable(),
});
export type OidcTestStart = z.infer<typeof OidcTestStart>;

export const OidcCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(1000).optional(),
});

/** The codes the sign-in page turns into messages after a failed single sign-on (`/auth?sso_error=...`). */
export const SsoErrorCode = z.enum([
  'sso_state_mismatch',
  'sso_provider_error',
  'sso_email_unverified',
  'sso_domain_not_allowed',
  'sso_group_required',
  'sso_no_account',
  'sso_account_blocked',
  'sso_email_missing',
]);
export type SsoErrorCode = z.infer<typeof SsoErrorCode>;

/** The sign-in page's words for each refusal (the server uses the same for LDAP's JSON errors). */
export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  sso_state_mismatch: 'The sign-in expired or was started in another browser. Please try again.',
  sso_provider_error:
    'The identity provider did not complete the sign-in. Please try again or contact your administrator.',
  sso_email_unverified:
    'Your identity provider has not verified your e-mail address, so it cannot be linked to an account here.',
  sso_domain_not_allowed: 'Your e-mail domain is not allowed to sign in to this instance.',
  sso_group_required: 'Your account is not in a group that may use this instance. Contact your administrator.',
  sso_no_account: 'There is no account for you here yet. Ask an administrator to invite you.',
  sso_account_blocked: 'This account is banned or suspended. Contact your administrator.',
  sso_email_missing: 'Your identity provider did not send an e-mail address.',
};
