import { generate } from 'otplib';

/**
 * The code an authenticator app shows for `secret`, `offset` 30-second steps from now. The server accepts one
 * step of drift either way and never the same (or an earlier) step twice, so successive uses take -1, 0 and +1.
 * Kept free of other imports: the Playwright spec (e2e/sessions-mfa.spec.ts) uses it too.
 */
export const totpCodeAt = (secret: string, offset: -1 | 0 | 1 = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
