import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sha256 } from '../../lib/crypto';

export const TOTP_ISSUER = 'Hearth';
export const RECOVERY_CODE_COUNT = 10;

/** A new base32 secret (160 bits, what authenticator apps expect). */
export const newTotpSecret = (): string => generateSecret();

export async function enrolmentOf(secret: string, label: string) {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label, secret });
  return { secret, otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/**
 * Checks a 6-digit code, allowing one 30-second step of clock drift either way; answers the code's time step
 * (so the caller can refuse a replay of it) or undefined. `after` rejects steps already used.
 */
export async function verifyTotp(secret: string, code: string, after: number | null): Promise<number | undefined> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    // otplib's functional verify answers HOTP or TOTP results; only the TOTP one carries the time step.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // otplib throws on malformed input (and on a replayed step with afterTimeStep): both are just "wrong code".
    return undefined;
  }
}

/** Ten codes like `k7q2m-x9p4d`: 50 random bits each, easy to read out and type. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export const recoveryCodeHash = (code: string): string => sha256(code.toLowerCase().replace(/[\s-]/g, ''));
