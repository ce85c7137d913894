import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/** What an owner shares with groups of their organisation, each with its table of (item, group) pairs. */
const TARGETS = {
  prompt: { items: 'prompts', shares: 'prompt_group_shares', column: 'prompt_id' },
  preset: { items: 'chat_presets', shares: 'chat_preset_group_shares', column: 'preset_id' },
} as const;

export type GroupShareTarget = keyof typeof TARGETS;

/**
 * Which items (prompts, presets) a user may see: own ones; others' shared ones whose owner is in the user's
 * organisation now (both checked against user_roles, so an item stops being visible when either moves); and
 * those shared with a group the user is in now. The user's organisation is looked up here, so a caller that knows
 * only the user id (chat, /v1) gets the same answer as the Workspace. For a query over the target's table, unaliased.
 */
export function visibleToUser(target: GroupShareTarget, userId: string): Expression<SqlBool> {
  const { items, shares, column } = TARGETS[target];
  const item = (name: string) => sql.ref(`${items}.${name}`);
  return sql<SqlBool>`(${item('user_id')} = ${userId}
    or (${item('shared')} = 1
      and ${item('organization_id')} is not null
      and ${item('organization_id')} = (select owner_role.organization_id from user_roles as owner_role
        where owner_role.user_id = ${item('user_id')})
      and ${item('organization_id')} = (select viewer_role.organization_id from user_roles as viewer_role
        where viewer_role.user_id = ${userId}))
    or ${item('id')} in (select ${sql.ref(`s.${column}`)} from ${sql.table(shares)} as s
      inner join user_group_members as m on m.group_id = s.group_id where m.user_id = ${userId}))`;
}

/** The groups one item is shared with, and replacing that list; the owner check is the caller's. */
export class GroupShareRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly target: GroupShareTarget,
  ) {}

  async groups(itemId: string): Promise<{ id: string; name: string }[]> {
    const { shares, column } = TARGETS[this.target];
    const { rows } = await sql<{ id: string; name: string }>`select g.id, g.name from ${sql.table(shares)} as s
      inner join user_groups as g on g.id = s.group_id where ${sql.ref(`s.${column}`)} = ${itemId}
      order by g.name`.execute(this.db);
    return rows;
  }

  async replace(tx: Tx, itemId: string, groupIds: string[], now: string): Promise<void> {
    const { shares, column } = TARGETS[this.target];
    const trx = executor(tx);
    await trx.deleteFrom(shares).where(sql.ref(column), '=', itemId).execute();
    if (groupIds.length === 0) return;
    const rows = groupIds.map((groupId) => sql`(${itemId}, ${groupId}, ${now})`);
    await sql`insert into ${sql.table(shares)} (${sql.ref(column)}, group_id, created_at)
      values ${sql.join(rows)}`.execute(trx);
  }
}
