import type { Kysely, Selectable } from 'kysely';
import type { Database, DeploymentLogsTable } from '../../db/schema';
import { type Executor, executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export type DeploymentLogRow = Selectable<DeploymentLogsTable>;
export type DeploymentLogListRow = DeploymentLogRow & { version_number: string | null };
type LogChanges = Partial<Omit<DeploymentLogRow, 'id' | 'version_id' | 'started_at' | 'user_id'>>;

/** The spec's log_deployment_event: one row per deployment or rollback attempt, updated as it moves on. */
export class DeploymentLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: DeploymentLogRow, tx?: Tx): Promise<void> {
    await executor(tx, this.db).insertInto('deployment_logs').values(row).execute();
  }

  async update(id: string, changes: LogChanges, tx?: Tx): Promise<void> {
    await executor(tx, this.db).updateTable('deployment_logs').set(changes).where('id', '=', id).execute();
  }

  async find(id: string, tx?: Tx): Promise<DeploymentLogListRow | undefined> {
    return await this.query(executor(tx, this.db)).where('deployment_logs.id', '=', id).executeTakeFirst();
  }

  /** Newest first, optionally for one version; at most `limit` rows. */
  async list(versionId: string | undefined, limit: number): Promise<DeploymentLogListRow[]> {
    let query = this.query(this.db);
    if (versionId) query = query.where('deployment_logs.version_id', '=', versionId);
    return await query
      .orderBy('deployment_logs.started_at', 'desc')
      .orderBy('deployment_logs.id', 'desc')
      .limit(limit)
      .execute();
  }

  private query(db: Executor) {
    return db
      .selectFrom('deployment_logs')
      .leftJoin('app_versions', 'app_versions.id', 'deployment_logs.version_id')
      .selectAll('deployment_logs')
      .select('app_versions.version_number as version_number');
  }
}
