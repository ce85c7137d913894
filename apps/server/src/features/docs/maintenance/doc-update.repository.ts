import type { Kysely, Selectable } from 'kysely';
import type { Database, DocUpdatesTable } from '../../../db/schema';
import { type Executor, executor } from '../../../db/unit-of-work';
import type { Tx } from '../../../lib/unit-of-work';

export type DocUpdateRow = Selectable<DocUpdatesTable>;
/** An update with the path of the changed file it answers. */
export type DocUpdateListRow = DocUpdateRow & { file_path: string };
type Status = DocUpdateRow['status'];

const LIST_LIMIT = 500;

/** Documentation updates drafted for detected changes. Instance-wide (super admins only, checked per route). */
export class DocUpdateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select(db: Executor) {
    return db
      .selectFrom('doc_updates')
      .innerJoin('doc_changes', 'doc_changes.id', 'doc_updates.change_id')
      .selectAll('doc_updates')
      .select('doc_changes.file_path');
  }

  /** Newest first, optionally of one status. */
  async list(status?: Status): Promise<DocUpdateListRow[]> {
    let query = this.select(this.db);
    if (status) query = query.where('doc_updates.status', '=', status);
    return await query
      .orderBy('doc_updates.created_at', 'desc')
      .orderBy('doc_updates.doc_path', 'asc')
      .limit(LIST_LIMIT)
      .execute();
  }

  async find(id: string, tx?: Tx): Promise<DocUpdateListRow | undefined> {
    return await this.select(executor(tx, this.db)).where('doc_updates.id', '=', id).executeTakeFirst();
  }

  /** Pending automatic updates, oldest first (the order they are applied in). */
  async pendingAutomatic(): Promise<DocUpdateListRow[]> {
    return await this.select(this.db)
      .where('doc_updates.status', '=', 'pending')
      .where('doc_updates.update_type', '=', 'automatic')
      .orderBy('doc_updates.created_at', 'asc')
      .orderBy('doc_updates.id', 'asc')
      .execute();
  }

  async countPending(changeId: string): Promise<number> {
    const row = await this.db
      .selectFrom('doc_updates')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('change_id', '=', changeId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async insert(tx: Tx, row: DocUpdateRow): Promise<void> {
    await executor(tx).insertInto('doc_updates').values(row).execute();
  }

  /**
   * Decides a pending update (applied or rejected). False when it was no longer pending: two admins or replicas
   * deciding at once cannot both win.
   */
  async decide(
    tx: Tx,
    id: string,
    decision: { status: Exclude<Status, 'pending'>; error: string | null; decidedBy: string | null; at: string },
  ): Promise<boolean> {
    const result = await executor(tx)
      .updateTable('doc_updates')
      .set({ status: decision.status, error: decision.error, decided_by: decision.decidedBy, decided_at: decision.at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
