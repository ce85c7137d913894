import type { AssignableRole, Invitation } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database, InvitationsTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';
import type { UserScope } from './admin-user.repository';

/** Invitation links; the token itself is never stored, only its SHA-256. */
export class InvitationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(tx: Tx, row: InvitationsTable): Promise<void> {
    await executor(tx).insertInto('invitations').values(row).execute();
  }

  private base(scope: UserScope) {
    let query = this.db
      .selectFrom('invitations')
      .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
      .leftJoin('profiles', 'profiles.id', 'invitations.created_by');
    if (scope.kind === 'organization') {
      query = query.where('invitations.organization_id', '=', scope.organizationId ?? '\u0000');
    }
    return query.select([
      'invitations.id',
      'invitations.role',
      'invitations.organization_id',
      'organizations.name as organization_name',
      'invitations.email',
      'invitations.max_uses',
      'invitations.uses',
      'invitations.created_by',
      'profiles.full_name as created_by_name',
      'invitations.created_at',
      'invitations.expires_at',
      'invitations.revoked_at',
    ]);
  }

  /** Newest first; a busy instance keeps its last 200 (older ones have long expired). */
  async list(scope: UserScope): Promise<Invitation[]> {
    const rows = await this.base(scope)
      .orderBy('invitations.created_at', 'desc')
      .orderBy('invitations.id')
      .limit(200)
      .execute();
    return rows.map(toInvitation);
  }

  async findInScope(scope: UserScope, id: string): Promise<Invitation | undefined> {
    const row = await this.base(scope).where('invitations.id', '=', id).executeTakeFirst();
    return row && toInvitation(row);
  }

  async findByTokenHash(tokenHash: string): Promise<Invitation | undefined> {
    const row = await this.base({ kind: 'all' }).where('invitations.token_hash', '=', tokenHash).executeTakeFirst();
    return row && toInvitation(row);
  }

  async organizationExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Uses the invitation once, in the new account's transaction. One conditional update, so two sign-ups racing
   * for the last use cannot both succeed; false when it is used up, revoked or expired by now.
   */
  async redeem(tx: Tx, id: string): Promise<boolean> {
    const result = await executor(tx)
      .updateTable('invitations')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .where((eb) => eb('uses', '<', eb.ref('max_uses')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revoke(tx: Tx, id: string): Promise<void> {
    await executor(tx)
      .updateTable('invitations')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

type Row = Omit<Invitation, 'status' | 'role' | 'created_by_name'> & {
  role: string;
  created_by_name: string | null;
};

function toInvitation(row: Row): Invitation {
  const status: Invitation['status'] = row.revoked_at
    ? 'revoked'
    : row.uses >= row.max_uses
      ? 'used_up'
      : row.expires_at <= nowIso()
        ? 'expired'
        : 'active';
  return {
    ...row,
    role: row.role as AssignableRole,
    uses: Number(row.uses),
    max_uses: Number(row.max_uses),
    created_by_name: row.created_by_name ?? null,
    status,
  };
}
