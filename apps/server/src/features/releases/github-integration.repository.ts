import type { Kysely, Selectable } from 'kysely';
import type { Database, GithubIntegrationsTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

export type GithubIntegrationRow = Selectable<GithubIntegrationsTable>;

/** The instance has one GitHub integration: one row with this id. */
const ROW_ID = 'default';

export class GithubIntegrationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<GithubIntegrationRow | undefined> {
    return await this.db.selectFrom('github_integrations').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
  }

  async save(values: Omit<GithubIntegrationRow, 'id'>, tx?: Tx): Promise<void> {
    await executor(tx, this.db)
      .insertInto('github_integrations')
      .values({ id: ROW_ID, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }
}
