import type { ModelGrant, ModelGrantKind, Role } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/** Which groups a model or a runtime is granted to, and what the access check needs to know about a user. */
export class ModelGrantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every grant, one entry per subject. The table holds a few rows per restricted model, so it is read whole. */
  async list(): Promise<ModelGrant[]> {
    const rows = await this.db
      .selectFrom('model_grants')
      .select(['subject_kind', 'subject', 'group_id'])
      .orderBy('subject_kind')
      .orderBy('subject')
      .orderBy('group_id')
      .execute();
    const bySubject = new Map<string, ModelGrant>();
    for (const row of rows) {
      const key = `${row.subject_kind}\u0000${row.subject}`;
      const grant = bySubject.get(key) ?? { kind: row.subject_kind, subject: row.subject, group_ids: [] };
      grant.group_ids.push(row.group_id);
      bySubject.set(key, grant);
    }
    return [...bySubject.values()];
  }

  async replace(tx: Tx, kind: ModelGrantKind, subject: string, groupIds: string[], now: string): Promise<void> {
    const db = executor(tx);
    await db.deleteFrom('model_grants').where('subject_kind', '=', kind).where('subject', '=', subject).execute();
    if (groupIds.length === 0) return;
    const rows = groupIds.map((groupId) => ({ subject_kind: kind, subject, group_id: groupId, created_at: now }));
    await db.insertInto('model_grants').values(rows).execute();
  }

  /** The ids among these that name existing groups. */
  async existingGroups(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('user_groups').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  /** A user's role and current groups, read fresh on every check so removal from a group applies at once. */
  async viewer(userId: string): Promise<{ role: Role | null; groupIds: string[] }> {
    const [role, groups] = await Promise.all([
      this.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).executeTakeFirst(),
      this.db.selectFrom('user_group_members').select('group_id').where('user_id', '=', userId).execute(),
    ]);
    return { role: role?.role ?? null, groupIds: groups.map((row) => row.group_id) };
  }
}
