import type { Kysely } from 'kysely';
import type { Database, ModelProvidersTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

export type ProviderRow = ModelProvidersTable;

/** Model runtimes admins added. Instance-wide: models are shared by everyone on the instance. */
export class ProviderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<ProviderRow[]> {
    return this.db.selectFrom('model_providers').selectAll().orderBy('created_at').execute();
  }

  async create(
    input: {
      kind: ProviderRow['kind'];
      name: string;
      baseUrl: string;
      apiKeyEncrypted: string | null;
      createdBy: string;
    },
    tx?: Tx,
  ): Promise<ProviderRow> {
    const now = nowIso();
    const row: ProviderRow = {
      id: newId(),
      kind: input.kind,
      name: input.name,
      base_url: input.baseUrl,
      api_key_encrypted: input.apiKeyEncrypted,
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
    };
    await executor(tx, this.db).insertInto('model_providers').values(row).execute();
    return row;
  }

  async delete(id: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db).deleteFrom('model_providers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
