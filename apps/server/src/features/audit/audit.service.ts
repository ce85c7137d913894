import type { AuditAction, AuditChainReport, AuditEntry, AuditLogList, AuditLogQuery } from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { Tx } from '../../lib/unit-of-work';
import type { AuthUser } from '../accounts';
import { chainHash, GENESIS_HASH } from './audit-chain';
import type { AuditFilter, AuditListRow, AuditRepository, AuditScope } from './audit.repository';

/** Who acted and from where. `actorId` null is the system (scheduled jobs). */
export interface AuditContext {
  actorId: string | null;
  actorEmail?: string | null;
  ip: string | null;
  userAgent: string | null;
}

export const SYSTEM_CONTEXT: AuditContext = { actorId: null, actorEmail: null, ip: null, userAgent: null };

/** What happened: to whose data, which action, on what. */
export interface AuditEvent {
  userId: string | null;
  action: AuditAction;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
}

type ParsedQuery = Omit<AuditLogQuery, 'limit' | 'scope'> & { limit: number; scope: 'self' | 'organization' };

const VERIFY_BATCH = 500;

/**
 * The audit trail. Other features call `record(tx, ...)` inside the unit of work of the change they make
 * (lib/unit-of-work.ts), so a change and its entry commit or roll back together.
 */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(tx: Tx, event: AuditEvent, context: AuditContext): Promise<void> {
    await this.repository.append(tx, {
      user_id: event.userId,
      actor_id: context.actorId,
      actor_email: context.actorEmail,
      action: event.action,
      resource_type: event.resourceType,
      resource_id: event.resourceId ?? null,
      ip: context.ip,
      user_agent: context.userAgent,
      details: event.details ?? {},
    });
  }

  /** Users read their own entries; admins their organisation's (super admins everyone's) with scope=organization. */
  async list(viewer: AuthUser, query: ParsedQuery): Promise<AuditLogList> {
    const isAdmin = viewer.role === 'admin' || viewer.role === 'super_admin';
    let scope: AuditScope = { kind: 'user', userId: viewer.id };
    if (query.scope === 'organization') {
      if (!isAdmin) throw AppError.forbidden('Only admins can read the organisation audit log.');
      scope =
        viewer.role === 'super_admin'
          ? { kind: 'all' }
          : { kind: 'organization', organizationId: viewer.organization_id };
      if (query.user_id && viewer.role !== 'super_admin') {
        const target = await this.repository.organizationOf(query.user_id);
        if (target && target.organizationId !== viewer.organization_id) throw AppError.notFound('User');
      }
    } else if (query.user_id && query.user_id !== viewer.id) {
      throw AppError.notFound('User');
    }
    const filter: AuditFilter = {
      scope,
      userId: query.user_id,
      action: query.action,
      resourceType: query.resource_type,
      beforeSeq: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: query.limit,
    };
    const rows = await this.repository.list({ ...filter, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const show = isAdmin ? toAuditEntry : (row: AuditListRow) => forSubject(toAuditEntry(row));
    return {
      entries: page.map(show),
      next_cursor: rows.length > query.limit && last ? encodeCursor(Number(last.seq)) : null,
    };
  }

  /** A user's own entries since a moment (the data export: the last 90 days), without other people's traces. */
  async ownSince(userId: string, since: string, limit = 10_000): Promise<AuditEntry[]> {
    const rows = await this.repository.list({ scope: { kind: 'user', userId }, since, limit });
    return rows.map((row) => forSubject(toAuditEntry(row)));
  }

  /** Walks the whole chain: each entry must hash to its stored hash and point at its predecessor's. */
  async verify(): Promise<AuditChainReport> {
    let prevHash = GENESIS_HASH;
    let prevSeq = 0;
    let checked = 0;
    for (;;) {
      const rows = await this.repository.chainPage(prevSeq, VERIFY_BATCH);
      for (const row of rows) {
        const { hash, prev_hash, ...body } = row;
        checked += 1;
        if (prev_hash !== prevHash || chainHash(prevHash, body) !== hash || Number(row.seq) !== prevSeq + 1) {
          return { valid: false, checked, first_invalid_id: row.id };
        }
        prevHash = hash;
        prevSeq = Number(row.seq);
      }
      if (rows.length < VERIFY_BATCH) return { valid: true, checked, first_invalid_id: null };
    }
  }
}

/**
 * An entry as the person it is about may read it: who acted on their account (name and role) stays, but another
 * person's e-mail, address and browser are that person's data, not theirs.
 */
function forSubject(entry: AuditEntry): AuditEntry {
  if (entry.actor_id === null || entry.actor_id === entry.user_id) return entry;
  return { ...entry, actor_email: null, ip: null, user_agent: null };
}

export function toAuditEntry(row: AuditListRow): AuditEntry {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    // A row edited by hand may hold anything; verification reports it, the list still shows the row.
  }
  return {
    id: row.id,
    user_id: row.user_id,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    actor_name: row.actor_name ?? null,
    actor_role: row.actor_role ?? null,
    user_name: row.user_name ?? null,
    action: row.action as AuditEntry['action'],
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    ip: row.ip,
    user_agent: row.user_agent,
    details,
    created_at: row.created_at,
  };
}

const encodeCursor = (seq: number): string => Buffer.from(`seq:${seq}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^seq:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) throw AppError.badRequest('Invalid cursor');
  return Number(match[1]);
}
