import { SSO_ERROR_MESSAGES, type SsoAccountCreation, type SsoErrorCode } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { randomToken } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthService, AuthUser, ClientInfo, CredentialRevoker, PasswordHasher, UserRepository } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import {
  DEFAULT_ORGANIZATION_ID,
  type ExternalIdentityRepository,
  type SsoProvider,
} from './external-identity.repository';
import { type MappingSettings, mapGroups } from './group-mapping';

/** Who the identity provider says signed in. */
export interface ExternalProfile {
  provider: SsoProvider;
  /** Stable at the provider: OIDC `sub`, the LDAP entry's DN. */
  subject: string;
  email: string | null;
  /** LDAP directories are authoritative for their own accounts; OIDC says so with `email_verified`. */
  emailVerified: boolean;
  name: string | null;
  groups: string[];
}

export type AccountSettings = MappingSettings & { account_creation: SsoAccountCreation };

/** A refusal of single sign-on, with the code the sign-in page (or the LDAP form) turns into words. */
export const ssoRefusal = (code: SsoErrorCode, status = 403) => new AppError(code, status, SSO_ERROR_MESSAGES[code]);

/**
 * Turns a verified external identity into a Hearth account: finds it by subject, else links an existing account
 * by verified e-mail only (an unverified address could be anyone's), else creates one when allowed. The group
 * mapping is re-applied at every sign-in, so a role removed at the provider is removed here too; a user the
 * mapping refuses loses their open sessions as well. The sign-in itself ends through AuthService.startSession.
 */
export class SsoAccountService {
  constructor(
    private readonly identities: ExternalIdentityRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly auth: AuthService,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    /** Ends sessions the one way the accounts feature does: their open event streams close too. */
    private readonly revoker: CredentialRevoker,
  ) {}

  /** OIDC: the provider ran its own second factor, so the sign-in ends with a session. */
  async signIn(profile: ExternalProfile, settings: AccountSettings, client: ClientInfo) {
    const user = await this.admit(profile, settings, client);
    return this.auth.startSession(user, client, { method: profile.provider });
  }

  /** LDAP is a first factor like a password: an account with two-factor sign-in is asked for its code next. */
  async signInFirstFactor(profile: ExternalProfile, settings: AccountSettings, client: ClientInfo) {
    const user = await this.admit(profile, settings, client);
    return this.auth.afterPrimary(user, client, { method: profile.provider });
  }

  /** The account the identity may use, with the mapping applied; throws the refusal otherwise. */
  async admit(profile: ExternalProfile, settings: AccountSettings, client: ClientInfo): Promise<AuthUser> {
    const email = profile.email?.trim().toLowerCase() || null;
    const mapping = mapGroups(settings, profile.groups, email);
    const linked = await this.identities.findUserBySubject(profile.provider, profile.subject);
    if (!mapping.allowed) {
      if (linked) await this.revoke(linked, client, mapping.reason);
      throw ssoRefusal(mapping.refusal ?? 'sso_group_required');
    }
    let user = linked;
    if (!user) {
      if (!email) throw ssoRefusal('sso_email_missing');
      const byEmail = await this.identities.findUserByEmail(email);
      if (byEmail && !profile.emailVerified) throw ssoRefusal('sso_email_unverified');
      if (!byEmail && settings.account_creation === 'existing_only') throw ssoRefusal('sso_no_account');
      user = byEmail;
    }
    if (user && user.status !== 'active') throw ssoRefusal('sso_account_blocked');
    const passwordHash = user ? null : await this.hasher.hash(randomToken());
    const context = (actor: AuthUser): AuditContext => ({
      actorId: actor.id,
      actorEmail: actor.email,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return this.uow.run(async (tx) => {
      let account = user;
      if (!account) {
        // A random password nobody knows: the account signs in through its provider (or a reset link).
        account = await this.users.create(
          tx,
          {
            email: email ?? '',
            full_name: profile.name?.trim() || email,
            password_hash: passwordHash ?? '',
            role: mapping.role ?? 'user',
            organization_id: mapping.organization_id ?? DEFAULT_ORGANIZATION_ID,
            parent_user_id: null,
          },
          { claimSuperAdmin: false },
        );
        const event = { userId: account.id, action: 'CREATE', resourceType: 'user', resourceId: account.id } as const;
        await this.audit.record(tx, { ...event, details: { via: profile.provider } }, context(account));
      }
      await this.identities.link(profile.provider, profile.subject, account.id, tx);
      // The super admin's role is never taken by a directory's groups: they could otherwise lock themselves out.
      const role = account.role === 'super_admin' ? null : mapping.role;
      const organization = account.role === 'super_admin' ? null : mapping.organization_id;
      if ((role && role !== account.role) || (organization && organization !== account.organization_id)) {
        await this.identities.applyMapping(account.id, role, organization, tx);
        const details = { via: profile.provider, role, organization_id: organization, groups: mapping.matched_groups };
        const event = {
          userId: account.id,
          action: 'UPDATE',
          resourceType: 'user_role',
          resourceId: account.id,
        } as const;
        await this.audit.record(tx, { ...event, details }, context(account));
      }
      return (await this.identities.findUserById(account.id, tx)) ?? account;
    });
  }

  /** A user the mapping now refuses loses every session and API token: the directory says they left. */
  private async revoke(user: AuthUser, client: ClientInfo, reason: string | null): Promise<void> {
    await this.revoker.revoke(user.id, { sessions: 'all', tokens: 'all' }, async (tx) => {
      const event = { userId: user.id, action: 'SIGN_OUT', resourceType: 'session', resourceId: user.id } as const;
      await this.audit.record(
        tx,
        { ...event, details: { via: 'sso_mapping', reason } },
        { actorId: user.id, actorEmail: user.email, ip: client.ip, userAgent: client.userAgent },
      );
    });
  }
}
