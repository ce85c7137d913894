import type { Kysely, Selectable } from 'kysely';
import type { Database, PromptsTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export type PromptRow = Selectable<PromptsTable>;
/** A listed prompt with who wrote it. */
export type PromptListRow = PromptRow & { author_name: string | null; author_email: string };

/** The caller as far as prompts care: who they are and which organisation they belong to now. */
export interface PromptViewer {
  id: string;
  organization_id: string | null;
}

/** Prompts; reads see own prompts plus those shared in the viewer's organisation, writes only own ones. */
export class PromptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Own prompts, others' shared prompts whose owner is in the viewer's organisation now (checked against
   * user_roles, so a prompt stops being visible when its owner moves elsewhere), and prompts shared with a group
   * the viewer is in now (issue 16; a move ends the owner's group shares). No organisation: own and group only.
   */
  async listVisible(viewer: PromptViewer): Promise<PromptListRow[]> {
    const organizationId = viewer.organization_id;
    return await this.db
      .selectFrom('prompts')
      .innerJoin('profiles', 'profiles.id', 'prompts.user_id')
      .leftJoin('user_roles', 'user_roles.user_id', 'prompts.user_id')
      .selectAll('prompts')
      .select(['profiles.full_name as author_name', 'profiles.email as author_email'])
      .where((eb) => {
        const viaGroup = eb(
          'prompts.id',
          'in',
          eb
            .selectFrom('prompt_group_shares as ps')
            .innerJoin('user_group_members as m', 'm.group_id', 'ps.group_id')
            .select('ps.prompt_id')
            .where('m.user_id', '=', viewer.id),
        );
        return organizationId === null
          ? eb.or([eb('prompts.user_id', '=', viewer.id), viaGroup])
          : eb.or([
              eb('prompts.user_id', '=', viewer.id),
              eb.and([
                eb('prompts.shared', '=', 1),
                eb('prompts.organization_id', '=', organizationId),
                eb('user_roles.organization_id', '=', organizationId),
              ]),
              viaGroup,
            ]);
      })
      .orderBy('prompts.updated_at', 'desc')
      .orderBy('prompts.id')
      // Own prompts are capped (PROMPT_LIMIT); this bounds a large organisation's shared ones too.
      .limit(2000)
      .execute();
  }

  async findOwn(userId: string, id: string): Promise<PromptRow | undefined> {
    return await this.db
      .selectFrom('prompts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countOwn(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('prompts')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async insert(row: PromptRow, tx?: Tx): Promise<void> {
    await executor(tx, this.db).insertInto('prompts').values(row).execute();
  }

  /** Updates an own prompt; false when the user has no such prompt. */
  async updateOwn(
    userId: string,
    id: string,
    changes: Partial<Omit<PromptRow, 'id' | 'user_id' | 'created_at'>>,
    tx?: Tx,
  ): Promise<boolean> {
    const result = await executor(tx, this.db)
      .updateTable('prompts')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes an own prompt; false when the user has no such prompt. */
  async deleteOwn(userId: string, id: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db)
      .deleteFrom('prompts')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** Which groups an own prompt is shared with (issue 16). */
export class PromptShareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async groups(promptId: string): Promise<{ id: string; name: string }[]> {
    return await this.db
      .selectFrom('prompt_group_shares as ps')
      .innerJoin('user_groups as g', 'g.id', 'ps.group_id')
      .select(['g.id', 'g.name'])
      .where('ps.prompt_id', '=', promptId)
      .orderBy('g.name')
      .execute();
  }

  /** Of these group ids, those of the organisation (a prompt is shared only within its owner's). */
  async groupsIn(organizationId: string, groupIds: string[]): Promise<string[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('user_groups')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', 'in', groupIds)
      .execute();
    return rows.map((row) => row.id);
  }

  async replace(tx: Tx, promptId: string, groupIds: string[], now: string): Promise<void> {
    const trx = executor(tx);
    await trx.deleteFrom('prompt_group_shares').where('prompt_id', '=', promptId).execute();
    if (groupIds.length === 0) return;
    await trx
      .insertInto('prompt_group_shares')
      .values(groupIds.map((groupId) => ({ prompt_id: promptId, group_id: groupId, created_at: now })))
      .execute();
  }
}
