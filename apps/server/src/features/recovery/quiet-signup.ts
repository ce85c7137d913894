import { AppError } from '../../http/errors';
import type { PasswordHasher, RateLimiter, RateLimitRule } from '../accounts';
import type { MailService } from '../mail';
import type { EmailVerificationService, VerifiableAccount } from './email-verification.service';

export interface SignupInput {
  email: string;
  password: string;
  full_name?: string | null;
  invite_token?: string;
}

export interface SignupClient {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Sign-up that does not tell whether an address has an account (weakness 7), used while mail is set up: a new
 * address gets its account and a verification mail, a taken one gets a mail to its owner that someone tried,
 * and both callers get the same `{check_email: true}`. The taken path hashes the password too, so the answer
 * takes as long. Without mail there is nobody to tell, so sign-up keeps its 409 (rate-limited per client).
 */
export class QuietSignup {
  constructor(
    private readonly signup: (input: SignupInput, client: SignupClient) => Promise<VerifiableAccount>,
    private readonly verification: EmailVerificationService,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    /** How many "someone tried to sign up" notices one address gets in a window (then silently none). */
    private readonly noticeRule: RateLimitRule,
    private readonly anyAccount: () => Promise<boolean>,
  ) {}

  /**
   * Whether sign-up should answer this way now: mail is set up and some account exists. On a fresh instance no
   * address can be taken, so the first account (the super admin) is answered as usual, with its role.
   */
  async applies(): Promise<boolean> {
    return this.mail.enabled && (await this.anyAccount());
  }

  async welcome(account: VerifiableAccount, baseUrl: string): Promise<void> {
    await this.verification.send(account, baseUrl);
  }

  async run(input: SignupInput, client: SignupClient, baseUrl: string): Promise<{ check_email: true }> {
    try {
      const account = await this.signup(input, client);
      await this.verification.send(account, baseUrl);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'email_taken') throw error;
      await this.hasher.hash(input.password);
      await this.noticeOwner(input.email, baseUrl);
    }
    return { check_email: true };
  }

  private async noticeOwner(email: string, baseUrl: string): Promise<void> {
    try {
      await this.limiter.consume(`signup-notice:${email}`, this.noticeRule);
    } catch {
      // Over the limit: the owner has been told already; answering differently would give the address away.
      return;
    }
    await this.mail.send({
      to: email,
      subject: 'Someone tried to sign up to Hearth with your address',
      text: [
        `Someone just tried to create a Hearth account with ${email}, which already has an account.`,
        'No new account was made and nothing about your account changed.',
        '',
        `If it was you: sign in at ${baseUrl.replace(/\/+$/, '')}/auth, or use "Forgot password?" there.`,
        'If it was not you, you can ignore this mail.',
      ].join('\n'),
    });
  }
}
