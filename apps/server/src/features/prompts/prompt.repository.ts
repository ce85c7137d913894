import type { Kysely, Selectable } from 'kysely';
import type { Database, PromptsTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';
import { visibleToUser } from '../organizations';

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

  /** Own prompts, others' shared ones in the viewer's organisation, and those shared with the viewer's groups. */
  async listVisible(userId: string): Promise<PromptListRow[]> {
    return await this.db
      .selectFrom('prompts')
      .innerJoin('profiles', 'profiles.id', 'prompts.user_id')
      .selectAll('prompts')
      .select(['profiles.full_name as author_name', 'profiles.email as author_email'])
      .where(visibleToUser('prompt', userId))
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
