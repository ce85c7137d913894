import type { LoginBody, SignupBody } from '@hearth/contract';
import { DEFAULT_ORGANIZATION_ID } from '../../db/migrations/20261122_0001_foundation';
import { AppError } from '../../http/errors';
import { isoIn, randomToken } from '../../lib/crypto';
import type { ApiTokenRepository } from '../tokens/api-token.repository';
import { type PasswordHasher, DUMMY_HASH_PROMISE } from './password-hasher';
import { assertStrongPassword } from './password-policy';
import type { RateLimiter } from './rate-limiter';
import type { SessionRepository } from './session.repository';
import type { UserRepository } from './user.repository';
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
  ) {}

  async signup(
    input: Required<Pick<SignupBody, 'email' | 'password'>> & { full_name?: string | null },
    client: ClientInfo,
  ) {
    const { windowMs, ipMax } = this.settings.rateLimit;
    await this.limiter.consume(`signup:ip:${client.ip ?? 'unknown'}`, { max: ipMax, windowMs });
    assertStrongPassword(input.password, input.email, this.settings.passwordMinLength);
    if (await this.users.emailExists(input.email)) throw emailTaken();
    const designated = this.settings.superAdminEmail?.toLowerCase();
    try {
      return await this.users.create(
        {
          email: input.email,
          full_name: input.full_name?.trim() || input.email,
          password_hash: await this.hasher.hash(input.password),
          role: designated === input.email ? 'super_admin' : 'user',
          organization_id: DEFAULT_ORGANIZATION_ID,
          parent_user_id: null,
        },
        { claimSuperAdmin: designated === undefined },
      );
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
    const sessionId = await this.sessions.create({
      userId: found.id,
      token,
      expiresAt: isoIn(this.settings.sessionTtlMs),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    const { password_hash: _ignored, ...user } = found;
    return { token, sessionId, user, expiresInSeconds: Math.floor(this.settings.sessionTtlMs / 1000) };
  }

  logout(sessionId: string): Promise<void> {
    return this.sessions.delete(sessionId);
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
  async changePassword(user: AuthUser, current: string, next: string, keepSessionId?: string): Promise<void> {
    const stored = await this.users.findPasswordHash(user.id);
    if (!stored || !(await this.hasher.verify(stored, current))) {
      throw new AppError('invalid_credentials', 401, 'Current password is incorrect');
    }
    assertStrongPassword(next, user.email, this.settings.passwordMinLength);
    await this.users.setPasswordHash(user.id, await this.hasher.hash(next));
    await this.sessions.deleteAllForUser(user.id, keepSessionId);
  }
}

const emailTaken = () => AppError.conflict('An account with this email already exists.', 'email_taken');

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
