import { AppError } from '../../http/errors';
import { isoIn, randomToken, sha256 } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { RateLimiter, RateLimitRule } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { MailService } from '../mail';
import { pageLink, VERIFY_LINK_TTL_MS } from './links';
import type { RecoveryRepository } from './recovery.repository';

export interface VerifiableAccount {
  id: string;
  email: string;
  full_name: string | null;
}

/**
 * E-mail verification, when mail is set up. An unverified account may sign in and use Hearth as before; it is
 * shown a "Verify your e-mail" banner with a resend button until it opens the link. Verification proves the
 * address for password resets by e-mail; it gates nothing else (see README, "E-mail").
 */
export class EmailVerificationService {
  constructor(
    private readonly repository: RecoveryRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    /** How many verification mails one account may ask for in a window. */
    private readonly resendRule: RateLimitRule,
  ) {}

  async status(userId: string) {
    return { mail_enabled: this.mail.enabled, verified: (await this.repository.emailVerifiedAt(userId)) !== null };
  }

  /** Queues a verification mail for the account's current address (nothing without mail). */
  async send(account: VerifiableAccount, baseUrl: string): Promise<boolean> {
    if (!this.mail.enabled) return false;
    const secret = randomToken();
    const url = pageLink(baseUrl, 'verify-email', secret);
    return this.uow.run(async (tx) => {
      await this.repository.createToken(tx, {
        userId: account.id,
        purpose: 'email_verification',
        tokenHash: sha256(secret),
        email: account.email,
        expiresAt: isoIn(VERIFY_LINK_TTL_MS),
        createdBy: null,
      });
      return this.mail.send({
        to: account.email,
        subject: 'Verify your e-mail address for Hearth',
        text: [
          `Please confirm that ${account.email} is your address by opening this link (valid for 7 days):`,
          '',
          url,
          '',
          'If you did not create a Hearth account, you can ignore this mail.',
        ].join('\n'),
      });
    });
  }

  /** The banner's "Resend": limited per account, so it cannot be used to flood a mailbox. */
  async resend(account: VerifiableAccount, baseUrl: string): Promise<void> {
    if (!this.mail.enabled) throw mailNotConfigured();
    if ((await this.repository.emailVerifiedAt(account.id)) !== null) return;
    await this.limiter.consume(`verify-resend:${account.id}`, this.resendRule);
    await this.send(account, baseUrl);
  }

  /** Marks the address verified with a live link made for the account's current address. */
  async verify(secret: string, context: AuditContext): Promise<void> {
    await this.limiter.consume(`verify:ip:${context.ip ?? 'unknown'}`, {
      max: this.resendRule.max * 20,
      windowMs: this.resendRule.windowMs,
    });
    await this.uow.run(async (tx) => {
      const used = await this.repository.consumeToken(tx, 'email_verification', sha256(secret));
      if (!used) {
        throw new AppError('invalid_link', 400, 'This verification link is invalid or has expired. Ask for a new one.');
      }
      await this.repository.markEmailVerified(tx, used.userId);
      const event = { userId: used.userId, action: 'UPDATE', resourceType: 'email_verification' } as const;
      await this.audit.record(tx, { ...event, resourceId: used.userId, details: { email: used.email } }, context);
    });
  }
}

export const mailNotConfigured = () =>
  new AppError('mail_not_configured', 409, 'Mail is not set up on this server. Ask an administrator.');
