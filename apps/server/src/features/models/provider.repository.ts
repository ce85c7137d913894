import type { Kysely } from 'kysely';
import type { Database, ModelProvidersTable } from '../../db/schema';
import { newId, nowIso } from '../../lib/crypto';

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
    db: Kysely<Database> = this.db,
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
    await db.insertInto('model_providers').values(row).execute();
    return row;
  }

  async delete(id: string, db: Kysely<Database> = this.db): Promise<boolean> {
    const result = await db.deleteFrom('model_providers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
