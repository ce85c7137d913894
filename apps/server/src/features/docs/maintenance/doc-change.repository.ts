import type { Kysely, Selectable } from 'kysely';
import type { Database, DocChangesTable } from '../../../db/schema';
import { executor } from '../../../db/unit-of-work';
import type { Tx } from '../../../lib/unit-of-work';

export type DocChangeRow = Selectable<DocChangesTable>;

/** The most changes a list answers with. */
const LIST_LIMIT = 500;

/** Documentation changes detected in the git working tree. Instance-wide (super admins only, checked per route). */
export class DocChangeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Unprocessed first, then newest first. */
  async list(): Promise<DocChangeRow[]> {
    return await this.db
      .selectFrom('doc_changes')
      .selectAll()
      .orderBy('processed', 'asc')
      .orderBy('created_at', 'desc')
      .orderBy('file_path', 'asc')
      .limit(LIST_LIMIT)
      .execute();
  }

  async find(id: string, tx?: Tx): Promise<DocChangeRow | undefined> {
    return await executor(tx, this.db).selectFrom('doc_changes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Records changes; a file already recorded at the same commit (a repeated detection, or two replicas at once)
   * is kept as it was. Answers the rows of those files at that commit.
   */
  async insertMany(tx: Tx, rows: DocChangeRow[]): Promise<DocChangeRow[]> {
    const db = executor(tx);
    const first = rows[0];
    if (!first) return [];
    for (let start = 0; start < rows.length; start += 100) {
      await db
        .insertInto('doc_changes')
        .values(rows.slice(start, start + 100))
        .onConflict((oc) => oc.columns(['commit_sha', 'file_path']).doNothing())
        .execute();
    }
    const wanted = new Set(rows.map((row) => row.file_path));
    const stored = await db.selectFrom('doc_changes').selectAll().where('commit_sha', '=', first.commit_sha).execute();
    const byPath = new Map(stored.filter((row) => wanted.has(row.file_path)).map((row) => [row.file_path, row]));
    return rows.flatMap((row) => byPath.get(row.file_path) ?? []);
  }

  async markProcessed(tx: Tx, id: string): Promise<void> {
    await executor(tx).updateTable('doc_changes').set({ processed: 1 }).where('id', '=', id).execute();
  }
}
