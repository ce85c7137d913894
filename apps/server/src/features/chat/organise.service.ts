import type { BulkConversationsBody, ChatFolder, OrganizeConversationBody } from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { nowIso } from '../../lib/crypto';
import type { Tx, UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { ActiveGenerations } from './active-generations';
import type { AttachmentService } from './attachment.service';
import type { ConversationRepository } from './conversation.repository';
import type { ConversationService } from './conversation.service';
import type { OrganiseRepository, Placement } from './organise.repository';

type Organize = z.output<typeof OrganizeConversationBody>;
type Bulk = z.output<typeof BulkConversationsBody>;

/**
 * Organising conversations (issue 17): pin, archive, folders (nested one level), tags and bulk actions. Every id
 * is checked against the caller's own rows; another user's ids read as not found.
 */
export class OrganiseService {
  constructor(
    private readonly organise: OrganiseRepository,
    private readonly conversations: ConversationRepository,
    /** Reads a conversation back as the list shows it. */
    private readonly view: Pick<ConversationService, 'get'>,
    private readonly attachments: AttachmentService,
    private readonly active: ActiveGenerations,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  listFolders(userId: string) {
    return this.organise.listFolders(userId).then((folders) => ({ folders }));
  }

  async createFolder(userId: string, name: string, parentId: string | null, context: AuditContext) {
    return this.uow.run(async (tx) => {
      if (parentId) await this.assertParent(userId, parentId, null, tx);
      const folder = await this.organise.createFolder(userId, name, parentId, tx);
      await this.audit.record(tx, folderEvent(userId, 'CREATE', folder.id, { name, parent_id: parentId }), context);
      return folder;
    });
  }

  async updateFolder(
    userId: string,
    id: string,
    changes: { name?: string; parent_id?: string | null },
    context: AuditContext,
  ): Promise<ChatFolder> {
    return this.uow.run(async (tx) => {
      if (!(await this.organise.findFolder(userId, id, tx))) throw AppError.notFound('Folder');
      if (changes.parent_id) {
        await this.assertParent(userId, changes.parent_id, id, tx);
        // Nested one level only: a folder with subfolders cannot go inside another.
        if (await this.organise.hasSubfolders(userId, id, tx))
          throw AppError.badRequest('A folder with subfolders cannot be put inside another folder');
      }
      await this.organise.updateFolder(userId, id, changes, tx);
      await this.audit.record(tx, folderEvent(userId, 'UPDATE', id, changes), context);
      const updated = await this.organise.findFolder(userId, id, tx);
      if (!updated) throw AppError.notFound('Folder');
      return updated;
    });
  }

  /** Its chats (and its subfolders' chats) move out of any folder; they are not deleted. */
  async deleteFolder(userId: string, id: string, context: AuditContext): Promise<void> {
    await this.uow.run(async (tx) => {
      if (!(await this.organise.findFolder(userId, id, tx))) throw AppError.notFound('Folder');
      await this.organise.deleteFolder(userId, id, tx);
      await this.audit.record(tx, folderEvent(userId, 'DELETE', id), context);
    });
  }

  /** Pin, archive, move and tag one conversation; returns it as the list shows it. */
  async organize(userId: string, id: string, body: Organize, context: AuditContext) {
    // Checked before the transaction: findOwned reads outside it (one connection on SQLite).
    if (!(await this.conversations.findOwned(userId, id))) throw AppError.notFound('Conversation');
    await this.uow.run(async (tx) => {
      if (body.folder_id) await this.assertFolder(userId, body.folder_id, tx);
      const now = nowIso();
      const placement: Placement = {};
      if (body.pinned !== undefined) placement.pinned_at = body.pinned ? now : null;
      if (body.archived !== undefined) placement.archived_at = body.archived ? now : null;
      if (body.folder_id !== undefined) placement.folder_id = body.folder_id;
      await this.organise.place(userId, [id], placement, tx);
      const tags = body.tags ? [...new Set(body.tags)] : undefined;
      if (tags) await this.organise.setTags(userId, id, tags, tx);
      await this.audit.record(
        tx,
        { userId, action: 'UPDATE', resourceType: 'conversation', resourceId: id, details: { ...body, tags } },
        context,
      );
    });
    return this.view.get(userId, id);
  }

  /** All or nothing: refused (404) when any id is not one of the caller's conversations. */
  async bulk(userId: string, body: Bulk, context: AuditContext): Promise<number> {
    const ids = [...new Set(body.ids)];
    const keys: string[] = [];
    if (body.action === 'delete') {
      if ((await this.organise.countOwned(userId, ids)) !== ids.length) throw AppError.notFound('Conversation');
      for (const id of ids) {
        void this.active.stop(id);
        keys.push(...(await this.attachments.blobKeys(userId, id)));
      }
    }
    const count = await this.uow.run(async (tx) => {
      if ((await this.organise.countOwned(userId, ids, tx)) !== ids.length) throw AppError.notFound('Conversation');
      if (body.action === 'move' && body.folder_id) await this.assertFolder(userId, body.folder_id, tx);
      const changed =
        body.action === 'delete'
          ? await this.conversations.deleteMany(userId, ids, tx)
          : await this.organise.place(userId, ids, bulkPlacement(body), tx);
      await this.audit.record(
        tx,
        {
          userId,
          action: body.action === 'delete' ? 'DELETE' : 'UPDATE',
          resourceType: 'conversation',
          resourceId: null,
          details: { bulk: body.action, ids, folder_id: body.folder_id },
        },
        context,
      );
      return changed;
    });
    await this.attachments.deleteBlobs(keys);
    return count;
  }

  private async assertFolder(userId: string, folderId: string, tx: Tx): Promise<void> {
    if (!(await this.organise.findFolder(userId, folderId, tx))) throw AppError.notFound('Folder');
  }

  /** The parent must be the user's own top-level folder (nested one level only), and not the folder itself. */
  private async assertParent(userId: string, parentId: string, selfId: string | null, tx: Tx): Promise<void> {
    const parent = await this.organise.findFolder(userId, parentId, tx);
    if (!parent) throw AppError.notFound('Folder');
    if (parent.parent_id !== null || parentId === selfId)
      throw AppError.badRequest('Folders nest one level only: choose a top-level folder');
  }
}

function bulkPlacement(body: Bulk): Placement {
  if (body.action === 'archive') return { archived_at: nowIso() };
  if (body.action === 'restore') return { archived_at: null };
  return { folder_id: body.folder_id ?? null };
}

const folderEvent = (
  userId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  id: string,
  details?: Record<string, unknown>,
) => ({ userId, action, resourceType: 'chat_folder', resourceId: id, details });
