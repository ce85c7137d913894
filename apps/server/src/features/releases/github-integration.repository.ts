import type { Kysely, Selectable } from 'kysely';
import type { Database, GithubIntegrationsTable } from '../../db/schema';
import type { Executor } from '../../db/transaction';

export type GithubIntegrationRow = Selectable<GithubIntegrationsTable>;

/** The instance has one GitHub integration: one row with this id. */
const ROW_ID = 'default';

export class GithubIntegrationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<GithubIntegrationRow | undefined> {
    return await this.db.selectFrom('github_integrations').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
  }

  async save(values: Omit<GithubIntegrationRow, 'id'>, executor: Executor = this.db): Promise<void> {
    await executor
      .insertInto('github_integrations')
      .values({ id: ROW_ID, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }
}
