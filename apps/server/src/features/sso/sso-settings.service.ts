import {
  LdapSettings,
  OidcSettings,
  type SsoProviders,
  type SsoSettings,
  type SsoSettingsBody,
} from '@hearth/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { InstanceSettingsRepository } from '../admin-settings';
import type { AuditContext, AuditService } from '../audit';
import type { ExternalIdentityRepository } from './external-identity.repository';

const KEY = 'sso_settings';

const OIDC_DEFAULTS: OidcSettings = {
  enabled: false,
  display_name: 'SSO',
  issuer_url: '',
  client_id: '',
  client_secret_set: false,
  scopes: 'openid email profile',
  groups_claim: 'groups',
  account_creation: 'existing_only',
  require_group: false,
  rules: [],
  allowed_domains: [],
};

const LDAP_DEFAULTS: LdapSettings = {
  enabled: false,
  url: '',
  bind_dn: '',
  bind_password_set: false,
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

/** As stored: the public settings plus the sealed secrets (never sent to the web). */
const Stored = z.object({
  oidc: OidcSettings.omit({ client_secret_set: true }).partial().extend({ client_secret: z.string().nullish() }),
  ldap: LdapSettings.omit({ bind_password_set: true }).partial().extend({ bind_password: z.string().nullish() }),
});
type Stored = z.infer<typeof Stored>;

export type OidcConfig = OidcSettings & { client_secret: string | null };
export type LdapConfig = LdapSettings & { bind_password: string | null };

/**
 * The single sign-on settings, in the instance settings table (read on each use, so every replica applies a
 * change at once). The OIDC client secret and the LDAP bind password are sealed with SECRET and write-only.
 */
export class SsoSettingsService {
  constructor(
    private readonly repository: InstanceSettingsRepository,
    private readonly identities: ExternalIdentityRepository,
    private readonly secrets: SecretBox,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  private async stored(): Promise<Stored> {
    const parsed = Stored.safeParse(await this.repository.getJson(KEY));
    return parsed.success ? parsed.data : { oidc: {}, ldap: {} };
  }

  private open(sealed: string | null | undefined): string | null {
    if (!sealed) return null;
    try {
      return this.secrets.open(sealed);
    } catch {
      return null; // sealed under another SECRET: as if none were set, so the admin sees it must be entered again
    }
  }

  async oidc(): Promise<OidcConfig> {
    const { client_secret, ...rest } = (await this.stored()).oidc;
    const secret = this.open(client_secret);
    return { ...OIDC_DEFAULTS, ...rest, client_secret: secret, client_secret_set: secret !== null };
  }

  async ldap(): Promise<LdapConfig> {
    const { bind_password, ...rest } = (await this.stored()).ldap;
    const password = this.open(bind_password);
    return { ...LDAP_DEFAULTS, ...rest, bind_password: password, bind_password_set: password !== null };
  }

  async get(): Promise<SsoSettings> {
    const { client_secret: _secret, ...oidc } = await this.oidc();
    const { bind_password: _password, ...ldap } = await this.ldap();
    return { oidc, ldap };
  }

  async providers(): Promise<SsoProviders> {
    const { oidc, ldap } = await this.get();
    const oidcReady = oidc.enabled && oidc.issuer_url !== '' && oidc.client_id !== '';
    return {
      oidc: oidcReady ? { display_name: oidc.display_name } : null,
      ldap: ldap.enabled && ldap.url !== '',
    };
  }

  async update(actorId: string, body: SsoSettingsBody, context: AuditContext): Promise<SsoSettings> {
    const organizations = [...body.oidc.rules, ...body.ldap.rules].flatMap((rule) =>
      rule.organization_id ? [rule.organization_id] : [],
    );
    const missing = await this.identities.missingOrganizations(organizations);
    if (missing.length > 0) {
      throw AppError.badRequest('A mapping rule names an organisation that does not exist.', { missing });
    }
    const before = await this.stored();
    const { client_secret, ...oidc } = body.oidc;
    const { bind_password, ...ldap } = body.ldap;
    const next: Stored = {
      oidc: { ...oidc, client_secret: this.nextSecret(client_secret, before.oidc.client_secret) },
      ldap: { ...ldap, bind_password: this.nextSecret(bind_password, before.ldap.bind_password) },
    };
    await this.uow.run(async (tx) => {
      await this.repository.setJson(KEY, next, tx);
      // The audit entry has the settings without the secrets: only whether each was changed.
      const details = {
        oidc: { ...oidc, client_secret_changed: changed(client_secret) },
        ldap: { ...ldap, bind_password_changed: changed(bind_password) },
      };
      await this.audit.record(tx, { userId: actorId, action: 'UPDATE', resourceType: KEY, details }, context);
    });
    return this.get();
  }

  /** Empty or omitted keeps the stored secret; null removes it; anything else replaces it. */
  private nextSecret(given: string | null | undefined, stored: string | null | undefined): string | null {
    if (given === null) return null;
    if (given === undefined || given === '') return stored ?? null;
    return this.secrets.seal(given);
  }
}

const changed = (given: string | null | undefined) => given === null || (given !== undefined && given !== '');
