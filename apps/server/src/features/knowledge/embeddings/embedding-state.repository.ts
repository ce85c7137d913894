import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema';
import { executor } from '../../../db/unit-of-work';
import type { Tx } from '../../../lib/unit-of-work';

/** The instance_settings key of the active embedding model. */
export const EMBEDDING_SETTING_KEY = 'knowledge.embedding_model';

const ActiveModel = z.object({ id: z.string(), dims: z.number().int().positive() });
export type ActiveModel = z.infer<typeof ActiveModel>;

export interface CollectionEmbeddingRow {
  collection_id: string;
  model: string | null;
  error: string | null;
}

/** The instance's embedding model setting and, per collection, which model embedded it and the last failure. */
export class EmbeddingStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async activeModel(): Promise<ActiveModel | null> {
    const row = await this.db
      .selectFrom('instance_settings')
      .select('value')
      .where('key', '=', EMBEDDING_SETTING_KEY)
      .executeTakeFirst();
    if (!row) return null;
    try {
      const parsed = ActiveModel.safeParse(JSON.parse(row.value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async setActiveModel(model: ActiveModel | null, tx?: Tx): Promise<void> {
    const db = executor(tx, this.db);
    const now = new Date().toISOString();
    if (!model) {
      await db.deleteFrom('instance_settings').where('key', '=', EMBEDDING_SETTING_KEY).execute();
      return;
    }
    const value = JSON.stringify(model);
    await db
      .insertInto('instance_settings')
      .values({ key: EMBEDDING_SETTING_KEY, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  /** Every collection that has chunks (all owners): what a model change must re-embed. */
  async collectionsWithChunks(): Promise<string[]> {
    const rows = await this.db.selectFrom('knowledge_chunks').select('collection_id').distinct().execute();
    return rows.map((row) => row.collection_id);
  }

  async collectionOwner(collectionId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('knowledge_collections')
      .select('user_id')
      .where('id', '=', collectionId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async forUser(userId: string): Promise<CollectionEmbeddingRow[]> {
    return await this.db
      .selectFrom('knowledge_collections as k')
      .leftJoin('knowledge_collection_embeddings as e', 'e.collection_id', 'k.id')
      .select(['k.id as collection_id', 'e.model', 'e.error'])
      .where('k.user_id', '=', userId)
      .orderBy('k.updated_at', 'desc')
      .orderBy('k.id')
      .execute();
  }

  async forCollection(collectionId: string): Promise<CollectionEmbeddingRow | undefined> {
    return await this.db
      .selectFrom('knowledge_collection_embeddings')
      .select(['collection_id', 'model', 'error'])
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
  }

  /** Records the collection's state: fully embedded with `model`, and/or the last failure (null clears it). */
  async record(
    collectionId: string,
    userId: string,
    state: { model?: string | null; dims?: number | null; error: string | null },
  ): Promise<void> {
    const now = new Date().toISOString();
    const changes = {
      ...(state.model !== undefined ? { model: state.model, dims: state.dims ?? null } : {}),
      error: state.error,
      updated_at: now,
    };
    const exists = await this.db
      .selectFrom('knowledge_collections')
      .select('id')
      .where('id', '=', collectionId)
      .executeTakeFirst();
    if (!exists) return; // deleted meanwhile
    await this.db
      .insertInto('knowledge_collection_embeddings')
      .values({ collection_id: collectionId, user_id: userId, model: null, dims: null, ...changes })
      .onConflict((oc) => oc.column('collection_id').doUpdateSet(changes))
      .execute();
  }
}
