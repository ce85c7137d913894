import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthService, CredentialRevoker, PasswordHasher, RateLimiter, UserRepository } from '../accounts';
import { InstanceSettingsRepository } from '../admin-settings';
import type { AuditService } from '../audit';
import { ExternalIdentityRepository } from './external-identity.repository';
import { LdapService } from './ldap.service';
import { OidcService } from './oidc.service';
import { SsoAccountService } from './sso-account.service';
import { SsoSettingsService } from './sso-settings.service';
import { ssoRoutes } from './sso.routes';

export interface SsoDependencies {
  config: Config;
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  revoker: CredentialRevoker;
  users: UserRepository;
  hasher: PasswordHasher;
  authService: AuthService;
  limiter: RateLimiter;
  /** The outbound policy for the issuer: the admin's network settings (intranet allow-list). */
  issuerPolicy: () => Promise<SsrfPolicy>;
}

/** Single sign-on (issue 16): OIDC and LDAP, ending every sign-in through AuthService.startSession. */
export function buildSsoFeature(deps: SsoDependencies) {
  const { config, db, uow, audit } = deps;
  const identities = new ExternalIdentityRepository(db.kysely);
  const ssoSettings = new SsoSettingsService(
    new InstanceSettingsRepository(db.kysely),
    identities,
    new SecretBox(config.SECRET, 'sso-secrets'),
    uow,
    audit,
  );
  const accounts = new SsoAccountService(
    identities,
    deps.users,
    deps.hasher,
    deps.authService,
    uow,
    audit,
    deps.revoker,
  );
  const timeoutMs = Math.min(config.PROVIDER_TIMEOUT_MS, 15_000);
  return {
    ssoSettings,
    oidc: new OidcService(ssoSettings, accounts, {
      policy: deps.issuerPolicy,
      timeoutSeconds: Math.max(1, Math.round(timeoutMs / 1000)),
    }),
    ldap: new LdapService(
      ssoSettings,
      accounts,
      deps.limiter,
      {
        max: config.AUTH_RATE_LIMIT_MAX,
        ipMax: config.AUTH_RATE_LIMIT_IP_MAX,
        windowMs: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      },
      timeoutMs,
    ),
  };
}

export type SsoFeature = ReturnType<typeof buildSsoFeature>;

export async function registerSsoRoutes(server: FastifyInstance, feature: SsoFeature, config: Config): Promise<void> {
  await server.register(ssoRoutes, {
    ...feature,
    secret: config.SECRET,
    cookieSecure: config.COOKIE_SECURE,
    publicUrl: config.PUBLIC_URL,
  });
}
