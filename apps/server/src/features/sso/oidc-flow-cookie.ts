import { hmac, safeEqual } from '../../lib/crypto';

/** What one sign-in attempt must remember between leaving for the provider and coming back. */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** The super admin running a test sign-in (nobody is signed in then); null for a real sign-in. */
  testBy: string | null;
  expiresAt: number;
}

export const OIDC_FLOW_COOKIE = 'hearth_oidc';
/** Long enough to type a password and answer a second factor at the provider. */
export const OIDC_FLOW_TTL_SECONDS = 600;

/**
 * The flow lives in a short-lived, HMAC-signed, HttpOnly cookie rather than a table: nothing to sweep, and it
 * binds the callback to the browser that started it (a code and state replayed from elsewhere lack the cookie).
 */
export function sealFlow(secret: string, flow: OidcFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${hmac(secret, `oidc-flow:${payload}`)}`;
}

export function openFlow(secret: string, value: string | undefined, now = Date.now()): OidcFlow | null {
  if (!value) return null;
  const [payload, signature] = value.split('.');
  if (!payload || !signature || !safeEqual(signature, hmac(secret, `oidc-flow:${payload}`))) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OidcFlow;
    return typeof flow.state === 'string' && flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}
