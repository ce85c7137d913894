import { isAdminRole, type MfaStatus, type SecuritySettings } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { isoIn, randomToken, sha256 } from '../../lib/crypto';
import type { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type {
  AuthUser,
  PasswordConfirmation,
  PasswordHasher,
  RateLimiter,
  RateLimitRule,
  SecondFactorDecision,
  SecondFactorGate,
  UserRepository,
} from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { MfaRepository } from './mfa.repository';
import { enrolmentOf, newRecoveryCodes, newTotpSecret, recoveryCodeHash, verifyTotp } from './totp';

const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one sign-in challenge allows; then the password must be entered again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

export interface MfaDependencies {
  repository: MfaRepository;
  users: UserRepository;
  hasher: PasswordHasher;
  /** Re-entering the password (to disable 2FA) counts against the account like sign-in. */
  confirmation: PasswordConfirmation;
  /** Every code check counts per account, so a stolen session or password cannot guess codes quickly. */
  limiter: RateLimiter;
  codeRule: RateLimitRule;
  box: SecretBox;
  policy: { security(): Promise<SecuritySettings> };
  uow: UnitOfWork;
  audit: AuditService;
}

const invalidCode = () => new AppError('invalid_mfa_code', 401, 'That code is not valid. Try the current one.');
const challengeExpired = () =>
  new AppError('mfa_challenge_expired', 401, 'Your sign-in expired or had too many wrong codes. Sign in again.');

/** TOTP two-factor sign-in: enrolment, disabling, the admin policy, and the code step of sign-in. */
export class MfaService implements SecondFactorGate {
  constructor(private readonly deps: MfaDependencies) {}

  private async requiredFor(user: AuthUser): Promise<boolean> {
    const { require_2fa: policy } = await this.deps.policy.security();
    return policy === 'everyone' || (policy === 'admins' && isAdminRole(user.role));
  }

  async status(user: AuthUser, enrolmentPending: boolean): Promise<MfaStatus> {
    const factor = await this.deps.repository.factor(user.id);
    const enabled = !!factor?.enabledAt;
    return {
      enabled,
      enabled_at: factor?.enabledAt ?? null,
      recovery_codes_left: enabled ? await this.deps.repository.recoveryCodesLeft(user.id) : 0,
      required: await this.requiredFor(user),
      enrolment_pending: enrolmentPending,
    };
  }

  async startEnrolment(user: AuthUser) {
    const factor = await this.deps.repository.factor(user.id);
    if (factor?.enabledAt) throw AppError.conflict('Two-factor authentication is already on. Turn it off first.');
    const secret = newTotpSecret();
    await this.deps.repository.savePending(user.id, this.deps.box.seal(secret));
    return enrolmentOf(secret, user.email);
  }

  /** The first correct code turns 2FA on; the answer carries the recovery codes, shown this once. */
  async confirmEnrolment(user: AuthUser, code: string, sessionId: string | undefined, context: AuditContext) {
    const factor = await this.deps.repository.factor(user.id);
    if (!factor || factor.enabledAt) throw AppError.conflict('Start setting up two-factor authentication first.');
    const step = await this.checkCode(user.id, factor.secretSealed, code, null);
    const codes = newRecoveryCodes();
    await this.deps.uow.run(async (tx) => {
      if (!(await this.deps.repository.enable(user.id, step, tx))) throw AppError.conflict('Already turned on.');
      await this.deps.repository.replaceRecoveryCodes(user.id, codes.map(recoveryCodeHash), tx);
      if (sessionId) await this.deps.repository.setSessionEnrolment(sessionId, false, tx);
      const event = { userId: user.id, action: 'CREATE', resourceType: 'mfa', resourceId: user.id } as const;
      await this.deps.audit.record(tx, { ...event, details: { factor: 'totp' } }, context);
    });
    return { recovery_codes: codes };
  }

  async disable(user: AuthUser, proof: { code?: string; password?: string }, context: AuditContext) {
    const factor = await this.deps.repository.factor(user.id);
    if (!factor?.enabledAt) throw new AppError('mfa_not_enabled', 409, 'Two-factor authentication is not on.');
    if (await this.requiredFor(user)) {
      throw new AppError('mfa_required_by_policy', 403, 'Your administrator requires two-factor authentication.');
    }
    if (proof.code !== undefined) {
      const step = await this.checkCode(user.id, factor.secretSealed, proof.code, factor.lastTimeStep);
      if (!(await this.deps.repository.useTimeStep(user.id, step))) throw invalidCode();
    } else {
      const stored = await this.deps.users.findPasswordHash(user.id);
      const password = proof.password ?? '';
      const valid = await this.deps.confirmation.check(
        user.id,
        async () => !!stored && (await this.deps.hasher.verify(stored, password)),
      );
      if (!valid) throw new AppError('invalid_credentials', 401, 'Current password is incorrect');
    }
    await this.deps.uow.run(async (tx) => {
      await this.deps.repository.remove(user.id, tx);
      const event = { userId: user.id, action: 'DELETE', resourceType: 'mfa', resourceId: user.id } as const;
      await this.deps.audit.record(tx, { ...event, details: { factor: 'totp' } }, context);
    });
  }

  async decide(user: AuthUser, method: string): Promise<SecondFactorDecision> {
    const factor = await this.deps.repository.factor(user.id);
    if (factor?.enabledAt) {
      const challenge = randomToken();
      const expiresAt = isoIn(CHALLENGE_TTL_MS);
      await this.deps.repository.createChallenge({ userId: user.id, tokenHash: sha256(challenge), method, expiresAt });
      return { kind: 'challenge', challenge };
    }
    return (await this.requiredFor(user)) ? { kind: 'enrol' } : { kind: 'none' };
  }

  requireEnrolment(sessionId: string): Promise<void> {
    return this.deps.repository.setSessionEnrolment(sessionId, true);
  }

  /**
   * The code step of sign-in: a TOTP code (each time step once) or an unused recovery code against a live
   * challenge. Answers the account and how it signed in, for AuthService.startSession.
   */
  async completeChallenge(
    challenge: string,
    proof: { code?: string; recovery_code?: string },
    context: Omit<AuditContext, 'actorId' | 'actorEmail'>,
  ): Promise<{ user: AuthUser; method: string }> {
    const found = await this.deps.repository.attemptChallenge(sha256(challenge));
    if (!found || found.attempts > CHALLENGE_MAX_ATTEMPTS) {
      if (found) await this.deps.repository.deleteChallenge(found.id);
      throw challengeExpired();
    }
    const user = await this.deps.users.findById(found.userId);
    const factor = await this.deps.repository.factor(found.userId);
    if (!user || user.status !== 'active' || !factor?.enabledAt) throw challengeExpired();
    const actor = { ...context, actorId: user.id, actorEmail: user.email };
    if (proof.code !== undefined) {
      const step = await this.checkCode(user.id, factor.secretSealed, proof.code, factor.lastTimeStep);
      if (!(await this.deps.repository.useTimeStep(user.id, step))) throw invalidCode();
      await this.deps.repository.deleteChallenge(found.id);
      return { user, method: `${found.method}+totp` };
    }
    await this.deps.limiter.consume(`mfa:account:${user.id}`, this.deps.codeRule);
    const used = await this.deps.uow.run(async (tx) => {
      if (!(await this.deps.repository.useRecoveryCode(user.id, recoveryCodeHash(proof.recovery_code ?? ''), tx))) {
        return false;
      }
      const event = { userId: user.id, action: 'UPDATE', resourceType: 'mfa_recovery_code' } as const;
      await this.deps.audit.record(tx, { ...event, resourceId: user.id, details: { used: true } }, actor);
      return true;
    });
    if (!used) throw new AppError('invalid_mfa_code', 401, 'That recovery code is not valid or was already used.');
    await this.deps.limiter.reset(`mfa:account:${user.id}`);
    await this.deps.repository.deleteChallenge(found.id);
    return { user, method: `${found.method}+recovery_code` };
  }

  /** A correct code's time step (within the account's allowance of attempts), or invalid_mfa_code. */
  private async checkCode(userId: string, sealed: string, code: string, after: number | null): Promise<number> {
    const key = `mfa:account:${userId}`;
    await this.deps.limiter.consume(key, this.deps.codeRule);
    const step = await verifyTotp(this.deps.box.open(sealed), code, after);
    if (step === undefined) throw invalidCode();
    await this.deps.limiter.reset(key);
    return step;
  }
}
