import type { AuditAction } from '@hearth/contract';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { AuditLogsTable, Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import { chainHash, GENESIS_HASH } from './audit-chain';

/** Any fixed number: every replica agrees on it, so appends to the chain happen one at a time. */
const AUDIT_CHAIN_LOCK_KEY = 7_246_005;

export interface NewAuditRow {
  user_id: string | null;
  actor_id: string | null;
  actor_email?: string | null;
  action: AuditAction;
  resource_type: string;
  resource_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

/** One stored entry of the chain. */
export type AuditRow = AuditLogsTable;

/** An entry as read for display: with the actor's and the subject's names and the actor's role now. */
export type AuditListRow = AuditRow & {
  actor_name?: string | null;
  actor_role?: string | null;
  user_name?: string | null;
};

/** Which entries a reader may see. */
export type AuditScope =
  { kind: 'user'; userId: string } | { kind: 'organization'; organizationId: string | null } | { kind: 'all' };

export interface AuditFilter {
  scope: AuditScope;
  userId?: string;
  action?: AuditAction;
  resourceType?: string;
  beforeSeq?: number;
  since?: string;
  limit: number;
}

/** The audit log: append (chained) and read. There is deliberately no update or delete. */
export class AuditRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Appends one entry after the current last one, inside the transaction of the change it records. */
  async append(tx: Tx, entry: NewAuditRow): Promise<AuditLogsTable> {
    const trx = executor(tx);
    // PostgreSQL: replicas append concurrently, so the chain head is read under a transaction-scoped lock.
    // SQLite: one connection runs one transaction at a time, which serialises appends already.
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`.execute(trx);
    const last = await trx
      .selectFrom('audit_logs')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const subject = entry.user_id
      ? await trx
          .selectFrom('user_roles')
          .select('organization_id')
          .where('user_id', '=', entry.user_id)
          .executeTakeFirst()
      : undefined;
    let actorEmail = entry.actor_email ?? null;
    if (entry.actor_id && entry.actor_email === undefined) {
      const actor = await trx
        .selectFrom('profiles')
        .select('email')
        .where('id', '=', entry.actor_id)
        .executeTakeFirst();
      actorEmail = actor?.email ?? null;
    }
    const body = {
      id: newId(),
      seq: last ? Number(last.seq) + 1 : 1,
      user_id: entry.user_id,
      organization_id: subject?.organization_id ?? null,
      actor_id: entry.actor_id,
      actor_email: actorEmail,
      action: entry.action,
      resource_type: entry.resource_type,
      resource_id: entry.resource_id,
      ip: entry.ip,
      user_agent: entry.user_agent?.slice(0, 500) ?? null,
      details: JSON.stringify(entry.details),
      created_at: nowIso(),
    };
    const prevHash = last?.hash ?? GENESIS_HASH;
    const row: AuditLogsTable = { ...body, prev_hash: prevHash, hash: chainHash(prevHash, body) };
    await trx.insertInto('audit_logs').values(row).execute();
    return row;
  }

  list(filter: AuditFilter): Promise<AuditListRow[]> {
    let query = this.db
      .selectFrom('audit_logs')
      .leftJoin('user_roles', 'user_roles.user_id', 'audit_logs.user_id')
      .leftJoin('profiles as actor', 'actor.id', 'audit_logs.actor_id')
      .leftJoin('user_roles as actor_roles', 'actor_roles.user_id', 'audit_logs.actor_id')
      .leftJoin('profiles as subject', 'subject.id', 'audit_logs.user_id')
      .selectAll('audit_logs')
      .select(['actor.full_name as actor_name', 'actor_roles.role as actor_role', 'subject.full_name as user_name']);
    const { scope } = filter;
    if (scope.kind === 'user') query = query.where('audit_logs.user_id', '=', scope.userId);
    if (scope.kind === 'organization') {
      // The user's organisation now; for a deleted account, the one it had when the entry was written.
      // An admin without an organisation sees nothing rather than everything.
      query = query.where(
        (eb) => eb.fn.coalesce('user_roles.organization_id', 'audit_logs.organization_id'),
        '=',
        scope.organizationId ?? '\u0000',
      );
    }
    if (filter.userId) query = query.where('audit_logs.user_id', '=', filter.userId);
    if (filter.action) query = query.where('audit_logs.action', '=', filter.action);
    if (filter.resourceType) query = query.where('audit_logs.resource_type', '=', filter.resourceType);
    if (filter.beforeSeq !== undefined) query = query.where('audit_logs.seq', '<', filter.beforeSeq);
    if (filter.since) query = query.where('audit_logs.created_at', '>=', filter.since);
    return query.orderBy('audit_logs.seq', 'desc').limit(filter.limit).execute();
  }

  /** A page of the whole chain in order, for verification. */
  chainPage(afterSeq: number, limit: number): Promise<AuditLogsTable[]> {
    return this.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('seq', '>', afterSeq)
      .orderBy('seq', 'asc')
      .limit(limit)
      .execute();
  }

  /** The organisation a user belongs to: undefined when the user does not exist (any more). */
  async organizationOf(userId: string): Promise<{ organizationId: string | null } | undefined> {
    const row = await this.db
      .selectFrom('user_roles')
      .select('organization_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { organizationId: row.organization_id };
  }
}
