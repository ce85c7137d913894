import { randomUUID } from 'node:crypto';
import type { CollectionShare, CollectionShareView } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/** What a caller may do with a collection: everything (owner), search and read, or also add documents. */
export type CollectionAccess = 'owner' | 'read' | 'write';

/**
 * Collections shared with the user now: with one of their groups, or with their organisation (issue 16).
 * Evaluated inside each query, so a membership that ends or a share that is withdrawn counts at once.
 */
export function sharedCollectionIds(db: Kysely<Database>, userId: string, access: 'read' | 'write' = 'read') {
  let query = db
    .selectFrom('knowledge_collection_shares as s')
    .select('s.collection_id')
    .where((eb) =>
      eb.or([
        eb(
          's.group_id',
          'in',
          eb.selectFrom('user_group_members as m').select('m.group_id').where('m.user_id', '=', userId),
        ),
        eb(
          's.organization_id',
          'in',
          eb.selectFrom('user_roles as r').select('r.organization_id').where('r.user_id', '=', userId),
        ),
      ]),
    );
  if (access === 'write') query = query.where('s.access', '=', 'write');
  return query;
}

/** "Owner or granted": the ids of every collection the user may read (or, with 'write', add documents to). */
export function accessibleCollectionIds(db: Kysely<Database>, userId: string, access: 'read' | 'write' = 'read') {
  return db
    .selectFrom('knowledge_collections as owned')
    .select('owned.id')
    .where((eb) =>
      eb.or([eb('owned.user_id', '=', userId), eb('owned.id', 'in', sharedCollectionIds(db, userId, access))]),
    );
}

/** Who a collection is shared with; only its owner reads or changes this. */
export class CollectionShareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The strongest access each of these (readable) collections gives the user; owned ones are 'owner'. */
  async accessOf(userId: string, collections: { id: string; user_id: string }[]) {
    const access = new Map<string, CollectionAccess>();
    const shared = collections.filter((row) => row.user_id !== userId).map((row) => row.id);
    for (const row of collections) if (row.user_id === userId) access.set(row.id, 'owner');
    if (shared.length === 0) return access;
    const writable = await sharedCollectionIds(this.db, userId, 'write')
      .where('s.collection_id', 'in', shared)
      .execute();
    for (const id of shared) access.set(id, 'read');
    for (const row of writable) access.set(row.collection_id, 'write');
    return access;
  }

  /** Of the given ids (null: all), the collections shared with the user that they do not own, with owners. */
  async sharedWith(userId: string, ids: string[] | null): Promise<{ id: string; user_id: string }[]> {
    if (ids?.length === 0) return [];
    let query = this.db
      .selectFrom('knowledge_collections')
      .select(['id', 'user_id'])
      .where('user_id', '!=', userId)
      .where('id', 'in', sharedCollectionIds(this.db, userId));
    if (ids) query = query.where('id', 'in', ids);
    return await query.execute();
  }

  async list(collectionId: string): Promise<CollectionShareView[]> {
    const rows = await this.db
      .selectFrom('knowledge_collection_shares as s')
      .leftJoin('user_groups as g', 'g.id', 's.group_id')
      .leftJoin('organizations as o', 'o.id', 's.organization_id')
      .select(['s.group_id', 's.organization_id', 's.access', 'g.name as group_name', 'o.name as organization_name'])
      .where('s.collection_id', '=', collectionId)
      .orderBy('s.created_at')
      .orderBy('s.id')
      .execute();
    return rows.map((row) =>
      row.group_id
        ? { subject: 'group', subject_id: row.group_id, access: row.access, subject_name: row.group_name ?? '' }
        : {
            subject: 'organization',
            subject_id: row.organization_id ?? '',
            access: row.access,
            subject_name: row.organization_name ?? '',
          },
    );
  }

  async replace(tx: Tx, collectionId: string, shares: CollectionShare[], now: string): Promise<void> {
    const trx = executor(tx);
    await trx.deleteFrom('knowledge_collection_shares').where('collection_id', '=', collectionId).execute();
    if (shares.length === 0) return;
    await trx
      .insertInto('knowledge_collection_shares')
      .values(
        shares.map((share) => ({
          id: randomUUID(),
          collection_id: collectionId,
          group_id: share.subject === 'group' ? share.subject_id : null,
          organization_id: share.subject === 'organization' ? share.subject_id : null,
          access: share.access,
          created_at: now,
        })),
      )
      .execute();
  }
}
