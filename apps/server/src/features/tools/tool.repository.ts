import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export interface BuiltinToolSettingRow {
  name: string;
  enabled: boolean;
  approval: 'auto' | 'ask';
}

/** Admin choices for the built-in tools, and calls waiting for their user's approval (scoped by user). */
export class ToolRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async builtinSettings(): Promise<BuiltinToolSettingRow[]> {
    const rows = await this.db.selectFrom('builtin_tool_settings').selectAll().execute();
    return rows.map((row) => ({
      name: row.name,
      enabled: Boolean(row.enabled),
      approval: row.approval === 'auto' ? 'auto' : 'ask',
    }));
  }

  async saveBuiltinSetting(tx: Tx, setting: BuiltinToolSettingRow, now: string): Promise<void> {
    const values = { enabled: setting.enabled ? 1 : 0, approval: setting.approval, updated_at: now };
    await executor(tx)
      .insertInto('builtin_tool_settings')
      .values({ name: setting.name, ...values })
      .onConflict((conflict) => conflict.column('name').doUpdateSet(values))
      .execute();
  }

  async openApproval(row: { id: string; userId: string; conversationId: string; toolName: string }, now: string) {
    await this.db
      .insertInto('tool_call_approvals')
      .values({
        id: row.id,
        user_id: row.userId,
        conversation_id: row.conversationId,
        tool_name: row.toolName,
        decision: null,
        created_at: now,
        decided_at: null,
      })
      .execute();
  }

  /** The user's decision on a waiting call; false when there is no such waiting call of theirs. */
  async decide(userId: string, conversationId: string, id: string, approve: boolean, now: string) {
    const result = await this.db
      .updateTable('tool_call_approvals')
      .set({ decision: approve ? 'approved' : 'denied', decided_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('conversation_id', '=', conversationId)
      .where('decision', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async decisionOf(userId: string, id: string): Promise<'approved' | 'denied' | null> {
    const row = await this.db
      .selectFrom('tool_call_approvals')
      .select('decision')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return 'denied';
    return row.decision === 'approved' || row.decision === 'denied' ? row.decision : null;
  }

  /** Closes a wait nobody answered (timeout, Stop): a later decision finds nothing to decide. */
  async expire(userId: string, id: string, now: string): Promise<void> {
    await this.db
      .updateTable('tool_call_approvals')
      .set({ decision: 'denied', decided_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('decision', 'is', null)
      .execute();
  }
}
