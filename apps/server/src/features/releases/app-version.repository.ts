import type { Kysely, Selectable } from 'kysely';
import type { AppVersionsTable, Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export type AppVersionRow = Selectable<AppVersionsTable>;
type Status = AppVersionRow['deployment_status'];
type VersionChanges = Partial<
  Pick<
    AppVersionRow,
    'deployment_status' | 'deployed_at' | 'github_release_id' | 'github_commit_sha' | 'deployment_error'
  >
>;

/** Application versions: instance-wide data that only super admins reach (checked on every route). */
export class AppVersionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<AppVersionRow[]> {
    return await this.db
      .selectFrom('app_versions')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async find(id: string, tx?: Tx): Promise<AppVersionRow | undefined> {
    return await executor(tx, this.db).selectFrom('app_versions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByKey(versionKey: string): Promise<AppVersionRow | undefined> {
    return await this.db
      .selectFrom('app_versions')
      .selectAll()
      .where('version_key', '=', versionKey)
      .executeTakeFirst();
  }

  /** The newest live version (spec: latest live ordered by created_at descending). */
  async latestLive(tx?: Tx): Promise<AppVersionRow | undefined> {
    return await executor(tx, this.db)
      .selectFrom('app_versions')
      .selectAll()
      .where('deployment_status', '=', 'live')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async insert(tx: Tx, row: AppVersionRow): Promise<void> {
    await executor(tx).insertInto('app_versions').values(row).execute();
  }

  /**
   * Changes a version only while it is still in `from`: two admins (or replicas) acting at once cannot both
   * move it. False when it was not in that state (or is gone).
   */
  async transition(tx: Tx, id: string, from: Status, changes: VersionChanges, updatedAt: string): Promise<boolean> {
    const result = await executor(tx)
      .updateTable('app_versions')
      .set({ ...changes, updated_at: updatedAt })
      .where('id', '=', id)
      .where('deployment_status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records a failed GitHub deployment or rollback on the version without changing its state. */
  async setDeploymentError(id: string, error: string, updatedAt: string): Promise<void> {
    await this.db
      .updateTable('app_versions')
      .set({ deployment_error: error, updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a version that is not live; false when there is none such. */
  async deleteUnlessLive(tx: Tx, id: string): Promise<boolean> {
    const result = await executor(tx)
      .deleteFrom('app_versions')
      .where('id', '=', id)
      .where('deployment_status', '!=', 'live')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
