import { type Kysely, sql } from 'kysely';

/**
 * Organisations become real (issue 16): groups inside an organisation, their members, and what is shared with
 * them — knowledge collections (read or read-write, with a group or the whole organisation) and prompts (with a
 * group). Everything cascades: deleting a group, an organisation, a collection, a prompt or an account removes
 * the grants that named it, so no grant can outlive what it refers to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_groups_org_name_idx')
    .on('user_groups')
    .columns(['organization_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('user_group_members')
    .addColumn('group_id', 'text', (col) => col.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
    .execute();
  // Search asks "which groups is this user in?" on every query.
  await db.schema.createIndex('user_group_members_user_idx').on('user_group_members').column('user_id').execute();

  // Exactly one of group_id / organization_id names who the collection is shared with.
  await db.schema
    .createTable('knowledge_collection_shares')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('knowledge_collections.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'text', (col) => col.references('user_groups.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.references('organizations.id').onDelete('cascade'))
    .addColumn('access', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('knowledge_collection_shares_access_check', sql`access in ('read', 'write')`)
    .addCheckConstraint(
      'knowledge_collection_shares_subject_check',
      sql`(group_id is null) <> (organization_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('knowledge_collection_shares_collection_idx')
    .on('knowledge_collection_shares')
    .column('collection_id')
    .execute();
  await db.schema
    .createIndex('knowledge_collection_shares_group_idx')
    .on('knowledge_collection_shares')
    .column('group_id')
    .execute();
  await db.schema
    .createIndex('knowledge_collection_shares_org_idx')
    .on('knowledge_collection_shares')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('prompt_group_shares')
    .addColumn('prompt_id', 'text', (col) => col.notNull().references('prompts.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (col) => col.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('prompt_group_shares_pk', ['prompt_id', 'group_id'])
    .execute();
  await db.schema.createIndex('prompt_group_shares_group_idx').on('prompt_group_shares').column('group_id').execute();
}
