import { AppError } from '../../http/errors';
import { isoIn, randomToken, sha256 } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { assertStrongPassword, type PasswordHasher, type PasswordRules, type RateLimiter } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { MailService } from '../mail';
import { pageLink, RESET_LINK_TTL_MS } from './links';
import type { RecoveryRepository } from './recovery.repository';

export interface ResetTarget {
  id: string;
  email: string;
  full_name: string | null;
}

export interface ResetServiceOptions {
  /** Per address and per e-mail: how many "Forgot password?" requests a window allows. */
  rateLimit: { max: number; windowMs: number };
}

const invalidLink = () =>
  new AppError('invalid_link', 400, 'This password reset link is invalid or has expired. Ask for a new one.');

/**
 * One-time password-reset links: issued by an admin (shown once, mailed when mail is set up), asked for by the
 * user by e-mail ("Forgot password?"), or made on the server's command line. A link lives an hour, works once,
 * is stored only as a hash, and using it ends every session and API token of the account.
 */
export class PasswordResetService {
  constructor(
    private readonly repository: RecoveryRepository,
    private readonly hasher: PasswordHasher,
    private readonly passwordRules: () => Promise<PasswordRules>,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly options: ResetServiceOptions,
    /** Ends the open event streams of a user whose credentials were revoked (every replica). */
    private readonly credentialsRevoked: (userId: string) => void,
  ) {}

  /** A new link for `target` (the caller checked the actor may manage them); mailed too when mail is set up. */
  async issue(target: ResetTarget, baseUrl: string, context: AuditContext) {
    const secret = randomToken();
    const expiresAt = isoIn(RESET_LINK_TTL_MS);
    const url = pageLink(baseUrl, 'reset-password', secret);
    const mailed = await this.uow.run(async (tx) => {
      const id = await this.repository.createToken(tx, {
        userId: target.id,
        purpose: 'password_reset',
        tokenHash: sha256(secret),
        email: target.email,
        expiresAt,
        createdBy: context.actorId,
      });
      const event = {
        userId: target.id,
        action: 'CREATE',
        resourceType: 'password_reset_link',
        resourceId: id,
      } as const;
      await this.audit.record(tx, { ...event, details: { expires_at: expiresAt } }, context);
      return this.mail.send(resetMail(target, url, 'An administrator'));
    });
    return { url, expires_at: expiresAt, mailed };
  }

  /**
   * "Forgot password?": mails a link when the address has an active account and does nothing otherwise; the
   * caller answers the same either way. Limited per address and per client, so it cannot flood a mailbox.
   */
  async requestByEmail(email: string, clientIp: string | null, baseUrl: string): Promise<void> {
    if (!this.mail.enabled) {
      throw new AppError(
        'mail_not_configured',
        409,
        'Password reset by e-mail is not available on this server. Ask an administrator for a reset link.',
      );
    }
    const { max, windowMs } = this.options.rateLimit;
    await this.limiter.consume(`forgot:ip:${clientIp ?? 'unknown'}`, { max: max * 5, windowMs });
    await this.limiter.consume(`forgot:email:${email}`, { max, windowMs });
    const account = await this.repository.findByEmail(email);
    if (!account || account.status !== 'active') return;
    const secret = randomToken();
    const url = pageLink(baseUrl, 'reset-password', secret);
    await this.uow.run(async (tx) => {
      const id = await this.repository.createToken(tx, {
        userId: account.id,
        purpose: 'password_reset',
        tokenHash: sha256(secret),
        email: account.email,
        expiresAt: isoIn(RESET_LINK_TTL_MS),
        createdBy: null,
      });
      const event = {
        userId: account.id,
        action: 'CREATE',
        resourceType: 'password_reset_link',
        resourceId: id,
      } as const;
      const context = { actorId: null, actorEmail: null, ip: clientIp, userAgent: null };
      await this.audit.record(tx, { ...event, details: { via: 'email' } }, context);
      await this.mail.send(resetMail(account, url, 'Someone (hopefully you)'));
    });
  }

  /** Sets the new password with a live link; the link is spent, and every session and API token ends. */
  async reset(secret: string, newPassword: string, context: AuditContext): Promise<void> {
    const { max, windowMs } = this.options.rateLimit;
    await this.limiter.consume(`reset:ip:${context.ip ?? 'unknown'}`, { max: max * 5, windowMs });
    const rules = await this.passwordRules();
    const hash = await this.hasher.hash(newPassword);
    const userId = await this.uow.run(async (tx) => {
      const used = await this.repository.consumeToken(tx, 'password_reset', sha256(secret));
      if (!used) throw invalidLink();
      // A weak password rolls the transaction back, link included: the user may try again with the same link.
      assertStrongPassword(newPassword, used.email, rules);
      await this.setPassword(used.userId, hash, { ...context, actorId: context.actorId ?? used.userId }, 'reset_link');
      return used.userId;
    });
    this.credentialsRevoked(userId);
  }

  /** Sets a password directly (the command line on the server, which needs no link). */
  async setPasswordAs(userId: string, email: string, newPassword: string, context: AuditContext): Promise<void> {
    assertStrongPassword(newPassword, email, await this.passwordRules());
    const hash = await this.hasher.hash(newPassword);
    await this.setPassword(userId, hash, context, 'cli');
    this.credentialsRevoked(userId);
  }

  /** The new hash, the end of every session and token, and the audit entry: one transaction. */
  private setPassword(userId: string, hash: string, context: AuditContext, via: string): Promise<void> {
    return this.uow.run(async (tx) => {
      await this.repository.setPasswordHash(tx, userId, hash);
      await this.repository.revokeCredentials(tx, userId);
      const event = { userId, action: 'UPDATE', resourceType: 'password', resourceId: userId } as const;
      await this.audit.record(tx, { ...event, details: { via, sessions_revoked: true } }, context);
    });
  }
}

function resetMail(account: { email: string; full_name: string | null }, url: string, who: string) {
  const name = account.full_name && account.full_name !== account.email ? account.full_name : 'there';
  return {
    to: account.email,
    subject: 'Reset your Hearth password',
    text: [
      `Hello ${name},`,
      '',
      `${who} asked to reset the password of your Hearth account (${account.email}).`,
      'Open this link within one hour to choose a new password. It works once:',
      '',
      url,
      '',
      'Setting a new password signs you out everywhere. If you did not ask for this, ignore this mail: your',
      'password stays as it is.',
    ].join('\n'),
  };
}
