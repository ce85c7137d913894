import { generate } from 'otplib';

/** A code typed this close to the end of its 30-second step may reach the server in the next one. */
const MARGIN_SECONDS = 6;

/**
 * The code an authenticator app shows for `secret`, `offset` 30-second steps from now. The server accepts one
 * step of drift either way and never the same (or an earlier) step twice, so successive uses take -1, 0 and +1.
 * Near the end of a step it first waits for the next one: a -1 code made at 29.5 s is two steps old, and refused,
 * if the server checks it a second later (seen once in CI on a loaded machine).
 * Kept free of other imports: the Playwright spec (e2e/sessions-mfa.spec.ts) uses it too.
 */
export async function totpCodeAt(secret: string, offset: -1 | 0 | 1 = 0): Promise<string> {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 30 - MARGIN_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, (30 - intoStep) * 1000 + 50));
  }
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}
