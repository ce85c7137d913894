import type { Attachment } from '@hearth/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/crypto';

export interface AttachmentRecord extends Attachment {
  conversation_id: string | null;
  blob_key: string;
  extracted_text: string | null;
}

const columns = ['id', 'name', 'mime_type', 'size', 'kind', 'conversation_id', 'blob_key', 'extracted_text'] as const;

const toRecord = (row: Omit<AttachmentRecord, 'has_text'>): AttachmentRecord => ({
  ...row,
  size: Number(row.size),
  has_text: Boolean(row.extracted_text),
});

/** Files attached to chat messages. Every query is scoped by the uploader's user_id. */
export class AttachmentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(
    userId: string,
    input: Pick<AttachmentRecord, 'name' | 'mime_type' | 'size' | 'kind' | 'blob_key' | 'extracted_text'>,
  ): Promise<AttachmentRecord> {
    const row = { id: newId(), user_id: userId, conversation_id: null, created_at: nowIso(), ...input };
    await this.db.insertInto('chat_attachments').values(row).execute();
    return toRecord(row);
  }

  async findOwned(userId: string, id: string): Promise<AttachmentRecord | undefined> {
    const row = await this.db
      .selectFrom('chat_attachments')
      .select(columns)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async findManyOwned(userId: string, ids: string[]): Promise<AttachmentRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('chat_attachments')
      .select(columns)
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .execute();
    return rows.map(toRecord);
  }

  async assign(userId: string, ids: string[], conversationId: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('chat_attachments')
      .set({ conversation_id: conversationId })
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Blob keys of a conversation's files (all of the user's conversations when none is given). */
  async blobKeys(userId: string, conversationId?: string): Promise<string[]> {
    let query = this.db
      .selectFrom('chat_attachments')
      .select('blob_key')
      .where('user_id', '=', userId)
      .where('conversation_id', 'is not', null);
    if (conversationId) query = query.where('conversation_id', '=', conversationId);
    return (await query.execute()).map((row) => row.blob_key);
  }

  /** Uploads never sent with a message; removes their rows and returns their blob keys. */
  async deleteUnsentBefore(cutoff: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('chat_attachments')
      .select(['id', 'blob_key'])
      .where('conversation_id', 'is', null)
      .where('created_at', '<', cutoff)
      .limit(1000)
      .execute();
    if (rows.length === 0) return [];
    await this.db
      .deleteFrom('chat_attachments')
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => row.blob_key);
  }
}
