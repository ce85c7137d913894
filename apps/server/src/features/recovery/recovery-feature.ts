import type { AdminUser } from '@hearth/contract';
import type { Db } from '../../db/database';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthUser, PasswordHasher, PasswordRules, RateLimiter } from '../accounts';
import type { AuditService } from '../audit';
import type { MailService } from '../mail';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';
import { QuietSignup, type SignupClient, type SignupInput } from './quiet-signup';
import { RecoveryRepository } from './recovery.repository';

export interface RecoveryDeps {
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  mail: MailService;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  passwordRules: () => Promise<PasswordRules>;
  /** The rate limit's window and allowance (AUTH_RATE_LIMIT_*): mails per address and per client use it. */
  rateLimit: { accountMax: number; windowMs: number };
  /** The admin feature's rule: whom an admin may manage (their organisation, by role). */
  manageableTarget: (actor: AuthUser, id: string) => Promise<AdminUser>;
  /** AuthService.signup: the one way an account is created by sign-up. */
  signup: (
    input: SignupInput,
    client: SignupClient,
  ) => Promise<{ id: string; email: string; full_name: string | null }>;
  credentialsRevoked: (userId: string) => void;
}

/** Password resets, e-mail verification and the sign-up that does not reveal addresses; built once in wiring. */
export function buildRecoveryFeature(deps: RecoveryDeps) {
  const repository = new RecoveryRepository(deps.db.kysely);
  const { windowMs, accountMax } = deps.rateLimit;
  // A handful of mails per address per window is enough for a person and too few to flood a mailbox.
  const mailRule = { max: Math.min(accountMax, 5), windowMs };
  const verification = new EmailVerificationService(
    repository,
    deps.uow,
    deps.audit,
    deps.mail,
    deps.limiter,
    mailRule,
  );
  const passwordReset = new PasswordResetService(
    repository,
    deps.hasher,
    deps.passwordRules,
    deps.uow,
    deps.audit,
    deps.mail,
    deps.limiter,
    { rateLimit: mailRule },
    deps.credentialsRevoked,
  );
  const quietSignup = new QuietSignup(deps.signup, verification, deps.mail, deps.hasher, deps.limiter, mailRule, () =>
    repository.anyAccount(),
  );
  return {
    mail: deps.mail,
    repository,
    verification,
    passwordReset,
    quietSignup,
    manageableTarget: deps.manageableTarget,
  };
}

export type RecoveryFeature = ReturnType<typeof buildRecoveryFeature>;
