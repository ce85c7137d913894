import { z } from 'zod';
import { Conversation } from './chat';

/** Organising conversations (issue 17): folders, pin, archive, tags, bulk actions. */

export const MAX_TAGS_PER_CONVERSATION = 10;
export const MAX_BULK_CONVERSATIONS = 500;

const FolderName = z.string().trim().min(1).max(80);
const Tag = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((tag) => tag.toLowerCase());

export const ChatFolder = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Folders nest one level: a folder with a parent has no children. */
    parent_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ChatFolder' });
export type ChatFolder = z.infer<typeof ChatFolder>;

export const ChatFolderList = z.object({ folders: z.array(ChatFolder) });
export type ChatFolderList = z.infer<typeof ChatFolderList>;

export const CreateChatFolderBody = z.object({ name: FolderName, parent_id: z.uuid().nullable().optional() });
export type CreateChatFolderBody = z.infer<typeof CreateChatFolderBody>;

export const UpdateChatFolderBody = z
  .object({ name: FolderName.optional(), parent_id: z.uuid().nullable().optional() })
  .refine((body) => body.name !== undefined || body.parent_id !== undefined, { message: 'Nothing to change' });
export type UpdateChatFolderBody = z.infer<typeof UpdateChatFolderBody>;

/** PATCH /api/conversations/:id/organize: any of these; omitted fields stay as they are. */
export const OrganizeConversationBody = z
  .object({
    pinned: z.boolean().optional(),
    archived: z.boolean().optional(),
    /** null takes it out of its folder. */
    folder_id: z.uuid().nullable().optional(),
    /** Replaces its tags (lower-cased, duplicates dropped). */
    tags: z.array(Tag).max(MAX_TAGS_PER_CONVERSATION).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type OrganizeConversationBody = z.input<typeof OrganizeConversationBody>;

/** All or nothing: every id must be one of the caller's conversations. */
export const BulkConversationsBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(MAX_BULK_CONVERSATIONS),
    action: z.enum(['archive', 'restore', 'delete', 'move']),
    /** For `move`: the folder, or null for none. */
    folder_id: z.uuid().nullable().optional(),
  })
  .refine((body) => body.action !== 'move' || body.folder_id !== undefined, {
    message: 'Choose a folder',
    path: ['folder_id'],
  });
export type BulkConversationsBody = z.input<typeof BulkConversationsBody>;

export const BulkConversationsResponse = z.object({ count: z.number().int() });
export type BulkConversationsResponse = z.infer<typeof BulkConversationsResponse>;

/** On the events stream when a conversation's title or place changed elsewhere (e.g. its automatic title). */
export const CONVERSATION_UPDATED_EVENT = 'conversation.updated';
export const ConversationUpdatedEvent = z.object({
  type: z.literal(CONVERSATION_UPDATED_EVENT),
  conversation: Conversation,
});
export type ConversationUpdatedEvent = z.infer<typeof ConversationUpdatedEvent>;
