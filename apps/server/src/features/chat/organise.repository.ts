import type { ChatFolder } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

const folderColumns = ['id', 'name', 'parent_id', 'created_at', 'updated_at'] as const;

/** What organising changes on a conversation; fields left out stay as they are. */
export interface Placement {
  pinned_at?: string | null;
  archived_at?: string | null;
  folder_id?: string | null;
}

/**
 * Folders, tags and the placement of conversations (pinned, archived, folder). Every query is scoped by the
 * owner's user_id, so another user's ids read as absent.
 */
export class OrganiseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listFolders(userId: string): Promise<ChatFolder[]> {
    return this.db
      .selectFrom('chat_folders')
      .select(folderColumns)
      .where('user_id', '=', userId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  findFolder(userId: string, id: string, tx?: Tx): Promise<ChatFolder | undefined> {
    return executor(tx, this.db)
      .selectFrom('chat_folders')
      .select(folderColumns)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async hasSubfolders(userId: string, id: string, tx?: Tx): Promise<boolean> {
    const row = await executor(tx, this.db)
      .selectFrom('chat_folders')
      .select('id')
      .where('parent_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async createFolder(userId: string, name: string, parentId: string | null, tx?: Tx): Promise<ChatFolder> {
    const now = nowIso();
    const row = { id: newId(), name, parent_id: parentId, created_at: now, updated_at: now };
    await executor(tx, this.db)
      .insertInto('chat_folders')
      .values({ ...row, user_id: userId })
      .execute();
    return row;
  }

  async updateFolder(
    userId: string,
    id: string,
    changes: { name?: string; parent_id?: string | null },
    tx?: Tx,
  ): Promise<void> {
    await executor(tx, this.db)
      .updateTable('chat_folders')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Deletes the folder and its subfolders; their chats move out of any folder, they are not deleted. */
  async deleteFolder(userId: string, id: string, tx?: Tx): Promise<void> {
    const db = executor(tx, this.db);
    const children = db
      .selectFrom('chat_folders')
      .select('id')
      .where('parent_id', '=', id)
      .where('user_id', '=', userId);
    await db
      .updateTable('chat_conversations')
      .set({ folder_id: null })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('folder_id', '=', id), eb('folder_id', 'in', children)]))
      .execute();
    await db.deleteFrom('chat_folders').where('parent_id', '=', id).where('user_id', '=', userId).execute();
    await db.deleteFrom('chat_folders').where('id', '=', id).where('user_id', '=', userId).execute();
  }

  /** How many of these ids are the user's conversations (bulk actions are all or nothing). */
  async countOwned(userId: string, ids: string[], tx?: Tx): Promise<number> {
    const row = await executor(tx, this.db)
      .selectFrom('chat_conversations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Moves, pins or archives the user's conversations; does not bump updated_at (organising is not activity). */
  async place(userId: string, ids: string[], placement: Placement, tx?: Tx): Promise<number> {
    if (ids.length === 0 || Object.keys(placement).length === 0) return 0;
    const result = await executor(tx, this.db)
      .updateTable('chat_conversations')
      .set(placement)
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async setTags(userId: string, conversationId: string, tags: string[], tx?: Tx): Promise<void> {
    const db = executor(tx, this.db);
    await db
      .deleteFrom('chat_conversation_tags')
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .execute();
    if (tags.length === 0) return;
    const now = nowIso();
    await db
      .insertInto('chat_conversation_tags')
      .values(tags.map((tag) => ({ conversation_id: conversationId, user_id: userId, tag, created_at: now })))
      .execute();
  }
}
