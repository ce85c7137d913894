import type { AuthUser } from './user.types';

/** What a correct first factor (password, LDAP) leads to for one account. */
export type SecondFactorDecision =
  /** The account has two-factor sign-in: ask for a code against this opaque, short-lived challenge. */
  | { kind: 'challenge'; challenge: string }
  /** The admin policy requires a second factor the account lacks: sign in, but only to enrol. */
  | { kind: 'enrol' }
  | { kind: 'none' };

/**
 * The two-factor feature as sign-in sees it (implemented by MfaService in features/mfa): kept to an interface so
 * accounts does not depend on the feature that depends on it.
 */
export interface SecondFactorGate {
  decide(user: AuthUser, method: string): Promise<SecondFactorDecision>;
  /** Marks a just-started session as limited to the enrolment routes. */
  requireEnrolment(sessionId: string): Promise<void>;
}

export const NO_SECOND_FACTOR: SecondFactorGate = {
  decide: () => Promise.resolve({ kind: 'none' }),
  requireEnrolment: () => Promise.resolve(),
};
