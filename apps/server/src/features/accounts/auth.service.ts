import type { LoginBody, SignupBody } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { isoIn, randomToken } from '../../lib/crypto';
import { isUniqueViolation, type UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ApiTokenRepository } from '../tokens';
import { type PasswordHasher, DUMMY_HASH_PROMISE } from './password-hasher';
import { assertStrongPassword, type PasswordRules, rulesOf, type SecurityPolicySource } from './password-policy';
import type { RateLimiter } from './rate-limiter';
import type { SessionRepository } from './session.repository';
import { DEFAULT_ORGANIZATION_ID, type UserRepository } from './user.repository';
import type { AuthUser } from './user.types';

export interface AuthSettings {
  sessionTtlMs: number;
  passwordMinLength: number;
  superAdminEmail: string | undefined;
  rateLimit: { accountMax: number; ipMax: number; windowMs: number };
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export type ResolvedCredential =
  { kind: 'session'; sessionId: string; user: AuthUser } | { kind: 'api_token'; tokenId: string; user: AuthUser };

/** A credential and how it arrived: cookies need CSRF protection, bearer headers do not. */
export type Credential = ResolvedCredential & { via: 'bearer' | 'cookie' };

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
  ) {}

  private async rules(): Promise<PasswordRules> {
    const current = await this.policy?.security();
    return current ? rulesOf(current) : { minLength: this.settings.passwordMinLength };
  }

  async signup(
    input: Required<Pick<SignupBody, 'email' | 'password'>> & { full_name?: string | null },
    client: ClientInfo,
  ) {
    const { windowMs, ipMax } = this.settings.rateLimit;
    await this.limiter.consume(`signup:ip:${client.ip ?? 'unknown'}`, { max: ipMax, windowMs });
    const designated = this.settings.superAdminEmail?.toLowerCase();
    const mode = (await this.policy?.security())?.signup_mode ?? 'open';
    // The designated super admin can always claim their account, or a closed instance could never get one.
    if (mode !== 'open' && designated !== input.email) throw signupClosed(mode);
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
            role: designated === input.email ? 'super_admin' : 'user',
            organization_id: DEFAULT_ORGANIZATION_ID,
            parent_user_id: null,
          },
          { claimSuperAdmin: designated === undefined },
        );
        const event = { userId: user.id, action: 'CREATE', resourceType: 'user', resourceId: user.id } as const;
        await this.audit.record(tx, { ...event, details: { via: 'signup' } }, asActor(user, client));
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async login(input: Required<LoginBody>, client: ClientInfo) {
    const { windowMs, ipMax, accountMax } = this.settings.rateLimit;
    await this.limiter.consume(`login:ip:${client.ip ?? 'unknown'}`, { max: ipMax, windowMs });
    const accountKey = `login:account:${input.email}`;
    await this.limiter.consume(accountKey, { max: accountMax, windowMs });

    const found = await this.users.findCredentialsByEmail(input.email);
    const valid = await this.hasher.verify(found?.password_hash ?? (await DUMMY_HASH_PROMISE), input.password);
    if (!found || !valid) throw new AppError('invalid_credentials', 401, 'Invalid email or password');
    if (found.status === 'banned') {
      throw new AppError('account_banned', 403, 'This account has been banned. Contact your administrator.');
    }
    if (found.status === 'suspended') {
      throw new AppError('account_suspended', 403, 'This account is suspended. Contact your administrator.');
    }
    await this.limiter.reset(accountKey);

    const token = randomToken();
    const lifetimeHours = (await this.policy?.security())?.session_lifetime_hours;
    const ttlMs = lifetimeHours ? lifetimeHours * 3_600_000 : this.settings.sessionTtlMs;
    const sessionId = await this.uow.run(async (tx) => {
      const id = await this.sessions.create(
        {
          userId: found.id,
          token,
          expiresAt: isoIn(ttlMs),
          ip: client.ip,
          userAgent: client.userAgent,
        },
        tx,
      );
      const event = { userId: found.id, action: 'SIGN_IN', resourceType: 'session', resourceId: id } as const;
      await this.audit.record(tx, event, asActor(found, client));
      return id;
    });
    const { password_hash: _ignored, ...user } = found;
    return { token, sessionId, user, expiresInSeconds: Math.floor(ttlMs / 1000) };
  }

  logout(sessionId: string, userId: string, context: AuditContext): Promise<void> {
    return this.uow.run(async (tx) => {
      await this.sessions.delete(sessionId, tx);
      const event = { userId, action: 'SIGN_OUT', resourceType: 'session', resourceId: sessionId } as const;
      await this.audit.record(tx, event, context);
    });
  }

  /** Resolves a bearer or cookie value to an active account, or nothing. */
  async resolve(secret: string): Promise<ResolvedCredential | undefined> {
    if (secret.startsWith(API_TOKEN_PREFIX)) {
      const found = await this.apiTokens.findUserBySecret(secret);
      return found && { kind: 'api_token', tokenId: found.tokenId, user: found.user };
    }
    const found = await this.sessions.findActiveByToken(secret);
    return found && { kind: 'session', sessionId: found.sessionId, user: found.user };
  }

  /** Changing the password signs out every other session of the account. */
  async changePassword(
    user: AuthUser,
    current: string,
    next: string,
    keepSessionId: string | undefined,
    context: AuditContext,
  ): Promise<void> {
    const stored = await this.users.findPasswordHash(user.id);
    if (!stored || !(await this.hasher.verify(stored, current))) {
      throw new AppError('invalid_credentials', 401, 'Current password is incorrect');
    }
    assertStrongPassword(next, user.email, await this.rules());
    const hash = await this.hasher.hash(next);
    await this.uow.run(async (tx) => {
      await this.users.setPasswordHash(user.id, hash, tx);
      await this.sessions.deleteAllForUser(user.id, keepSessionId, tx);
      const event = { userId: user.id, action: 'UPDATE', resourceType: 'password', resourceId: user.id } as const;
      await this.audit.record(tx, event, context);
    });
  }
}

const signupClosed = (mode: string) =>
  new AppError(
    'signup_closed',
    403,
    mode === 'invite_only'
      ? 'Sign-up is by invitation only. Ask an administrator to create your account.'
      : 'Sign-up is closed on this instance. Ask an administrator to create your account.',
  );

const asActor = (user: { id: string; email: string }, client: ClientInfo): AuditContext => ({
  actorId: user.id,
  actorEmail: user.email,
  ip: client.ip,
  userAgent: client.userAgent,
});

const emailTaken = () => AppError.conflict('An account with this email already exists.', 'email_taken');
