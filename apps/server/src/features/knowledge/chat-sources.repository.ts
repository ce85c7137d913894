import type { IndexingCollection } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { accessibleCollectionIds } from './collection-access.repository';

export interface DocumentName {
  collection_id: string;
  document_id: string;
  file_name: string;
}

/** What chat needs of the knowledge base besides search: indexing status and names. Owner-scoped. */
export class ChatSourcesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The collections the user may read (own and shared with them; id and name), oldest first. */
  async collections(userId: string): Promise<{ id: string; name: string }[]> {
    return await this.db
      .selectFrom('knowledge_collections')
      .select(['id', 'name'])
      .where('id', 'in', accessibleCollectionIds(this.db, userId))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Of the given collections (null = all of the user's), those with documents still queued or processing,
   * with how many.
   */
  async indexingCollections(userId: string, collectionIds: string[] | null): Promise<IndexingCollection[]> {
    if (collectionIds?.length === 0) return [];
    let query = this.db
      .selectFrom('knowledge_documents as d')
      .innerJoin('knowledge_collections as k', 'k.id', 'd.collection_id')
      .select((eb) => [
        'k.id as collection_id',
        'k.name as collection_name',
        eb.fn.countAll<number | string>().as('pending'),
      ])
      .where('k.id', 'in', accessibleCollectionIds(this.db, userId))
      .where('d.status', 'in', ['queued', 'processing']);
    if (collectionIds) query = query.where('k.id', 'in', collectionIds);
    const rows = await query.groupBy(['k.id', 'k.name']).orderBy('k.name').execute();
    return rows.map((row) => ({ ...row, pending: Number(row.pending) }));
  }

  /** File names of the user's documents (for suggestions), at most `limit`. */
  async documentNames(userId: string, limit = 5000): Promise<DocumentName[]> {
    return await this.db
      .selectFrom('knowledge_documents')
      .select(['collection_id', 'id as document_id', 'file_name'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
