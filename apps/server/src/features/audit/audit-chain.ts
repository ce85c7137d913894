import { sha256 } from '../../lib/crypto';
import type { AuditRow } from './audit.repository';

/** The predecessor of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Canonical form of an entry: every stored field except the hashes, in a fixed order, as JSON. Editing any of
 * them (or the order of rows) changes the hash, which is what makes tampering detectable.
 */
export function canonicalEntry(row: Omit<AuditRow, 'hash' | 'prev_hash'>): string {
  return JSON.stringify([
    row.id,
    Number(row.seq),
    row.user_id,
    row.organization_id,
    row.actor_id,
    row.actor_email,
    row.action,
    row.resource_type,
    row.resource_id,
    row.ip,
    row.user_agent,
    row.details,
    row.created_at,
  ]);
}

export const chainHash = (prevHash: string, row: Omit<AuditRow, 'hash' | 'prev_hash'>): string =>
  sha256(prevHash + canonicalEntry(row));
