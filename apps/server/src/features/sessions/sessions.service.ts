import type { SessionList } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { describeUserAgent } from '../../lib/user-agent';
import type { CredentialRevoker } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { SessionListRepository } from './session-list.repository';

export interface CurrentCredential {
  kind: 'session' | 'api_token';
  id: string;
}

/** The sessions page: every way an account is signed in, and ending them (one, or all but this one). */
export class SessionsService {
  constructor(
    private readonly list: SessionListRepository,
    private readonly revoker: CredentialRevoker,
    private readonly audit: AuditService,
  ) {}

  async listFor(userId: string, current: CurrentCredential): Promise<SessionList> {
    const [sessions, tokens] = await Promise.all([this.list.sessionsOf(userId), this.list.tokensOf(userId)]);
    return {
      sessions: sessions.map((row) => ({
        ...row,
        device: describeUserAgent(row.user_agent),
        current: current.kind === 'session' && current.id === row.id,
      })),
      tokens: tokens.map(({ last_used_ip, last_used_user_agent, ...row }) => ({
        ...row,
        ip: last_used_ip,
        device: row.last_used_at ? describeUserAgent(last_used_user_agent) : null,
        current: current.kind === 'api_token' && current.id === row.id,
      })),
    };
  }

  async revokeOne(userId: string, sessionId: string, context: AuditContext): Promise<void> {
    await this.revoker.revoke(userId, { sessions: { ids: [sessionId] } }, async (tx, revoked) => {
      // Another account's session id answers exactly like one that does not exist.
      if (revoked.sessionIds.length === 0) throw AppError.notFound('Session');
      const event = { userId, action: 'DELETE', resourceType: 'session', resourceId: sessionId } as const;
      await this.audit.record(tx, event, context);
    });
  }

  async revokeOthers(userId: string, keepSessionId: string, context: AuditContext): Promise<number> {
    const { revoked } = await this.revoker.revoke(
      userId,
      { sessions: { except: keepSessionId } },
      async (tx, ended) => {
        const event = { userId, action: 'SIGN_OUT', resourceType: 'session', resourceId: keepSessionId } as const;
        await this.audit.record(
          tx,
          { ...event, details: { scope: 'others', sessions_ended: ended.sessionIds.length } },
          context,
        );
      },
    );
    return revoked.sessionIds.length;
  }
}
