import type { LoginBody, LogoutScope, SignupBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { isoIn, randomToken } from '../../lib/crypto';
import { isUniqueViolation, type UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ApiTokenRepository } from '../tokens';
import { type PasswordHasher, DUMMY_HASH_PROMISE } from './password-hasher';
import { assertStrongPassword, type PasswordRules, rulesOf, type SecurityPolicySource } from './password-policy';
import { PasswordConfirmation, type RateLimiter } from './rate-limiter';
import type { SessionRepository } from './session.repository';
import type { SetupCodeService } from './setup-code.service';
import { accountPending, type Admission, OPEN_ONLY_GATE, type SignupGate } from './signup-gate';
import type { CredentialRevoker, Revoked } from './credential-revoker';
import { NO_SECOND_FACTOR, type SecondFactorGate } from './second-factor';
import { DEFAULT_ORGANIZATION_ID, type UserRepository } from './user.repository';
import type { AuthUser } from './user.types';

export interface AuthSettings {
  sessionTtlMs: number;
  passwordMinLength: number;
  superAdminEmail: string | undefined;
  rateLimit: { accountMax: number; ipMax: number; windowMs: number };
  /** A fresh instance's first sign-up must bring the setup code printed in the log (see SetupCodeService). */
  setupCode?: Pick<SetupCodeService, 'assert'>;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export type ResolvedCredential =
  | { kind: 'session'; sessionId: string; user: AuthUser; mfaEnrolRequired?: boolean }
  | { kind: 'api_token'; tokenId: string; user: AuthUser };

/** A credential and how it arrived: cookies need CSRF protection, bearer headers do not. */
export type Credential = ResolvedCredential & { via: 'bearer' | 'cookie' };

/** The per-account sign-in ceiling, over all addresses together, as a multiple of the per-address limit. */
const ACCOUNT_CEILING_FACTOR = 10;

/** API tokens carry a recognisable prefix, so a bearer value is looked up in one table only. */
export const API_TOKEN_PREFIX = 'hth_';

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly apiTokens: ApiTokenRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly settings: AuthSettings,
    private readonly uow: UnitOfWork,
    /** Sign-up, sign-in, sign-out and password changes are audited in the same transaction. */
    private readonly audit: AuditService,
    /** The admin security settings; without it the environment's defaults apply. */
    private readonly policy?: SecurityPolicySource,
    /** Sign-up modes, pending accounts and invitations (the admin feature's SignupPolicy). */
    private readonly gate: SignupGate = OPEN_ONLY_GATE,
    /** Two-factor sign-in (features/mfa): asked after the first factor, before a session starts. */
    private readonly secondFactor: SecondFactorGate = NO_SECOND_FACTOR,
    /** Ends sessions and API tokens and their event streams (sign-out, password change). */
    private readonly revoker?: CredentialRevoker,
  ) {}

  /** Re-entering the password inside a session is limited per account like sign-in (see PasswordConfirmation). */
  passwordConfirmation(): PasswordConfirmation {
    const { accountMax, windowMs } = this.settings.rateLimit;
    return new PasswordConfirmation(this.limiter, { max: accountMax, windowMs });
  }

  private async rules(): Promise<PasswordRules> {
    const current = await this.policy?.security();
    return current ? rulesOf(current) : { minLength: this.settings.passwordMinLength };
  }

  async signup(
    input: Required<Pick<SignupBody, 'email' | 'password'>> &
      Pick<SignupBody, 'invite_token' | 'setup_code'> & { full_name?: string | null },
    client: ClientInfo,
  ) {
    const { windowMs, ipMax } = this.settings.rateLimit;
    await this.limiter.consume(`signup:ip:${client.ip ?? 'unknown'}`, { max: ipMax, windowMs });
    const designated = this.settings.superAdminEmail?.toLowerCase();
    if (designated === undefined) await this.settings.setupCode?.assert(input.setup_code);
    const mode = (await this.policy?.security())?.signup_mode ?? 'open';
    // The designated super admin can always claim their account, or a closed instance could never get one.
    const admission: Admission =
      designated === input.email
        ? { kind: 'open' }
        : await this.gate.admission(mode, { email: input.email, inviteToken: input.invite_token });
    const invited = admission.kind === 'invitation' ? admission : undefined;
    assertStrongPassword(input.password, input.email, await this.rules());
    if (await this.users.emailExists(input.email)) throw emailTaken();
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.uow.run(async (tx) => {
        const user = await this.users.create(
          tx,
          {
            email: input.email,
            full_name: input.full_name?.trim() || input.email,
            password_hash: passwordHash,
            role: designated === input.email ? 'super_admin' : (invited?.role ?? 'user'),
            organization_id: invited?.organizationId ?? DEFAULT_ORGANIZATION_ID,
            parent_user_id: invited?.invitedBy ?? null,
          },
          { claimSuperAdmin: designated === undefined },
        );
        // The first account (it just claimed super_admin) never waits for an approval nobody could give.
        const { pending } = await this.gate.admit(tx, user, admission);
        const event = { userId: user.id, action: 'CREATE', resourceType: 'user', resourceId: user.id } as const;
        const details = {
          via: invited ? 'invitation' : 'signup',
          ...(invited && { invitation_id: invited.invitationId }),
          pending,
        };
        await this.audit.record(tx, { ...event, details }, asActor(user, client));
        return { ...user, pending };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async login(input: Required<LoginBody>, client: ClientInfo) {
    const { windowMs, ipMax, accountMax } = this.settings.rateLimit;
    await this.limiter.consume(`login:ip:${client.ip ?? 'unknown'}`, { max: ipMax, windowMs });
    // Locked per account and address, so guesses from elsewhere cannot lock the owner out; a ten times slower
    // ceiling per account still stops guessing spread over many addresses.
    const accountKey = `login:account:${input.email}`;
    const pairKey = `${accountKey}:ip:${client.ip ?? 'unknown'}`;
    await this.limiter.consume(pairKey, { max: accountMax, windowMs });
    await this.limiter.consume(accountKey, { max: accountMax * ACCOUNT_CEILING_FACTOR, windowMs });

    const found = await this.users.findCredentialsByEmail(input.email);
    const valid = await this.hasher.verify(found?.password_hash ?? (await DUMMY_HASH_PROMISE), input.password);
    if (!found || !valid) throw new AppError('invalid_credentials', 401, 'Invalid email or password');
    if (found.status === 'banned') {
      throw new AppError('account_banned', 403, 'This account has been banned. Contact your administrator.');
    }
    if (found.status === 'suspended') {
      throw new AppError('account_suspended', 403, 'This account is suspended. Contact your administrator.');
    }
    // Only failures count: a correct password starts both counts again.
    await Promise.all([this.limiter.reset(pairKey), this.limiter.reset(accountKey)]);
    const { password_hash: _ignored, ...user } = found;
    return this.afterPrimary(user, client, { method: 'password' });
  }

  /**
   * What every first factor (password, LDAP) ends with: a code prompt when the account has two-factor sign-in,
   * otherwise a session (limited to enrolment when the admin policy requires a second factor it lacks).
   */
  async afterPrimary(user: AuthUser, client: ClientInfo, details: { method: string }) {
    const decision = await this.secondFactor.decide(user, details.method);
    if (decision.kind === 'challenge') return { mfa_required: true as const, challenge: decision.challenge };
    const session = await this.startSession(user, client, details);
    if (decision.kind === 'enrol') await this.secondFactor.requireEnrolment(session.sessionId);
    return session;
  }

  /**
   * The one way a sign-in ends: a new session row and its audit entry. Every sign-in method (password, a second
   * factor, single sign-on) checks its own credentials first and then calls this.
   */
  async startSession(user: AuthUser, client: ClientInfo, details: { method: string }) {
    if (await this.gate.isPending(user.id)) throw accountPending();
    const token = randomToken();
    const lifetimeHours = (await this.policy?.security())?.session_lifetime_hours;
    const ttlMs = lifetimeHours ? lifetimeHours * 3_600_000 : this.settings.sessionTtlMs;
    const sessionId = await this.uow.run(async (tx) => {
      const id = await this.sessions.create(
        { userId: user.id, token, expiresAt: isoIn(ttlMs), ip: client.ip, userAgent: client.userAgent },
        tx,
      );
      const event = { userId: user.id, action: 'SIGN_IN', resourceType: 'session', resourceId: id } as const;
      await this.audit.record(tx, { ...event, details }, asActor(user, client));
      return id;
    });
    return { token, sessionId, user, expiresInSeconds: Math.floor(ttlMs / 1000) };
  }

  /** Sign-out: this session (local), the account's other sessions (others) or all of them (global). */
  async logout(sessionId: string, userId: string, scope: LogoutScope, context: AuditContext): Promise<number> {
    const sessions = scope === 'local' ? { ids: [sessionId] } : scope === 'others' ? { except: sessionId } : 'all';
    const { revoked } = await this.revocations().revoke(userId, { sessions }, async (tx, ended) => {
      const event = { userId, action: 'SIGN_OUT', resourceType: 'session', resourceId: sessionId } as const;
      await this.audit.record(tx, { ...event, details: { scope, sessions_ended: ended.sessionIds.length } }, context);
    });
    return revoked.sessionIds.length;
  }

  private revocations(): CredentialRevoker {
    if (!this.revoker) throw new Error('AuthService was built without a CredentialRevoker');
    return this.revoker;
  }

  /** Resolves a bearer or cookie value to an active account, or nothing. */
  async resolve(secret: string, client?: ClientInfo): Promise<ResolvedCredential | undefined> {
    if (secret.startsWith(API_TOKEN_PREFIX)) {
      const found = await this.apiTokens.findUserBySecret(secret, client);
      return found && { kind: 'api_token', tokenId: found.tokenId, user: found.user };
    }
    const found = await this.sessions.findActiveByToken(secret);
    return (
      found && {
        kind: 'session',
        sessionId: found.sessionId,
        user: found.user,
        mfaEnrolRequired: found.mfaEnrolRequired,
      }
    );
  }

  /**
   * Changing the password signs out every other session of the account and revokes every API token (a token
   * made by whoever knew the old password must not outlive it); the answer says how many went.
   */
  async changePassword(
    user: AuthUser,
    current: string,
    next: string,
    keepSessionId: string | undefined,
    context: AuditContext,
  ): Promise<Revoked> {
    const stored = await this.users.findPasswordHash(user.id);
    const valid = await this.passwordConfirmation().check(
      user.id,
      async () => !!stored && (await this.hasher.verify(stored, current)),
    );
    if (!valid) throw new AppError('invalid_credentials', 401, 'Current password is incorrect');
    assertStrongPassword(next, user.email, await this.rules());
    const hash = await this.hasher.hash(next);
    const target = { sessions: keepSessionId ? { except: keepSessionId } : ('all' as const), tokens: 'all' as const };
    const { revoked } = await this.revocations().revoke(user.id, target, async (tx, ended) => {
      await this.users.setPasswordHash(user.id, hash, tx);
      const event = { userId: user.id, action: 'UPDATE', resourceType: 'password', resourceId: user.id } as const;
      const details = { sessions_ended: ended.sessionIds.length, tokens_revoked: ended.tokenIds.length };
      await this.audit.record(tx, { ...event, details }, context);
    });
    return revoked;
  }
}

const asActor = (user: { id: string; email: string }, client: ClientInfo): AuditContext => ({
  actorId: user.id,
  actorEmail: user.email,
  ip: client.ip,
  userAgent: client.userAgent,
});

const emailTaken = () => AppError.conflict('An account with this email already exists.', 'email_taken');
