import type { AssignableRole, SignupMode } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { Tx } from '../../lib/unit-of-work';
import type { AuthUser } from './user.types';

/** How a sign-up may go ahead: as an ordinary account, as one waiting for approval, or through an invitation. */
export type Admission =
  | { kind: 'open' }
  | { kind: 'approval' }
  | { kind: 'invitation'; invitationId: string; role: AssignableRole; organizationId: string; invitedBy: string };

/**
 * The sign-up policy as the auth service sees it (built in the admin feature, which owns pending accounts and
 * invitations), so the service that creates accounts does not depend on the screens that manage them.
 */
export interface SignupGate {
  /** Decides before anything is written whether and how this sign-up may happen; throws when it may not. */
  admission(mode: SignupMode, input: { email: string; inviteToken?: string }): Promise<Admission>;
  /** In the new account's transaction: uses up the invitation, or puts the account on the pending list. */
  admit(tx: Tx, user: AuthUser, admission: Admission): Promise<{ pending: boolean }>;
  /** A pending account cannot sign in, whatever the sign-in method. */
  isPending(userId: string): Promise<boolean>;
}

export const signupClosed = (mode: SignupMode) =>
  new AppError(
    'signup_closed',
    403,
    mode === 'invite_only'
      ? 'Sign-up is by invitation only. Ask an administrator for an invitation link.'
      : 'Sign-up is closed on this instance. Ask an administrator to create your account.',
  );

export const accountPending = () =>
  new AppError('account_pending', 403, "Your account is waiting for an administrator's approval.");

/** Without the admin feature's gate (never in the app; kept for a bare AuthService): open sign-up only. */
export const OPEN_ONLY_GATE: SignupGate = {
  admission: async (mode, input) => {
    if (mode !== 'open' || input.inviteToken) throw signupClosed(mode);
    return { kind: 'open' };
  },
  admit: async () => ({ pending: false }),
  isPending: async () => false,
};
