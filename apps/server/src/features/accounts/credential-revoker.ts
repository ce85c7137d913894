import { type CredentialsRevoked, SESSION_REVOKED_EVENT } from '@hearth/contract';
import type { Tx, UnitOfWork } from '../../lib/unit-of-work';
import type { EventBus } from '../events';
import type { CredentialRepository, CredentialSelection } from './credential.repository';

export interface RevocationTarget {
  sessions?: CredentialSelection;
  tokens?: CredentialSelection;
}

export interface Revoked {
  sessionIds: string[];
  tokenIds: string[];
}

/**
 * The one way a session or API token ends (sign-out in every scope, revoking one from the sessions page, a
 * password change, deleting a token): the rows go in one transaction with whatever else the caller does (its
 * audit entry, a new password hash), and only once that committed are the credentials' open event streams told,
 * on every replica (the event bus crosses them with LISTEN/NOTIFY on PostgreSQL), so they close at once.
 */
export class CredentialRevoker {
  constructor(
    private readonly credentials: CredentialRepository,
    private readonly uow: UnitOfWork,
    private readonly bus: EventBus,
  ) {}

  async revoke<T>(
    userId: string,
    target: RevocationTarget,
    within: (tx: Tx, revoked: Revoked) => Promise<T>,
  ): Promise<{ revoked: Revoked; result: T }> {
    const outcome = await this.uow.run(async (tx) => {
      const revoked: Revoked = {
        sessionIds: target.sessions ? await this.credentials.deleteSessions(userId, target.sessions, tx) : [],
        tokenIds: target.tokens ? await this.credentials.deleteTokens(userId, target.tokens, tx) : [],
      };
      return { revoked, result: await within(tx, revoked) };
    });
    this.announce(userId, outcome.revoked);
    return outcome;
  }

  /** Tells the streams of these credentials to end; `'all'` for every credential of the user (ban, deletion). */
  announce(userId: string, revoked: Revoked | 'all'): void {
    if (revoked === 'all') {
      this.bus.publish(userId, { type: SESSION_REVOKED_EVENT });
      return;
    }
    if (revoked.sessionIds.length === 0 && revoked.tokenIds.length === 0) return;
    const event: CredentialsRevoked = {
      type: SESSION_REVOKED_EVENT,
      session_ids: revoked.sessionIds,
      token_ids: revoked.tokenIds,
    };
    this.bus.publish(userId, event);
  }

  /** The backstop an open event stream repeats: a lost notification still ends it within a minute. */
  isActive(kind: 'session' | 'api_token', id: string): Promise<boolean> {
    return this.credentials.isActive(kind, id);
  }
}
