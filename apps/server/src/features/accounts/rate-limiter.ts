import { AppError } from '../../http/errors';
import type { RateLimitRepository } from './rate-limit.repository';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Counts attempts per key and refuses with 429 once a window's allowance is used up. */
export class RateLimiter {
  constructor(private readonly repository: RateLimitRepository) {}

  async consume(key: string, rule: RateLimitRule): Promise<void> {
    const hit = await this.repository.hit(key, rule.windowMs);
    if (hit.count > rule.max) {
      const retryAfter = Math.max(1, Math.ceil((Date.parse(hit.resetAt) - Date.now()) / 1000));
      throw AppError.rateLimited(retryAfter);
    }
  }

  reset(key: string): Promise<void> {
    return this.repository.clear(key);
  }
}

/**
 * Checks of the current password from inside a session (changing the password, deleting the account) are
 * counted per account like sign-in, so a stolen session cannot guess the password that guards them.
 */
export class PasswordConfirmation {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rule: RateLimitRule,
  ) {}

  /** Runs the check within the account's allowance; a correct password starts the count again. */
  async check(userId: string, verify: () => Promise<boolean>): Promise<boolean> {
    const key = `reauth:account:${userId}`;
    await this.limiter.consume(key, this.rule);
    const valid = await verify();
    if (valid) await this.limiter.reset(key);
    return valid;
  }
}
