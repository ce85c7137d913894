import { z } from 'zod';
import { MessageType, UsedDocument } from './chat';

/** Share links, export, import and temporary chat (issue 17). */

export const CreateShareBody = z.object({
  conversation_id: z.uuid(),
  /** Anyone with the link, signed in or not: refused unless an admin allows public links. */
  public: z.boolean().default(false),
});
export type CreateShareBody = z.input<typeof CreateShareBody>;

export const ChatShare = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    title: z.string(),
    public: z.boolean(),
    /** The secret part of the link (/s/<token>); only ever sent to the link's owner. */
    token: z.string(),
    message_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'ChatShare' });
export type ChatShare = z.infer<typeof ChatShare>;

export const ChatShareList = z.object({ shares: z.array(ChatShare) });
export type ChatShareList = z.infer<typeof ChatShareList>;

export const ShareTokenParams = z.object({ token: z.string().min(16).max(128) });

export const SharedMessage = z.object({
  id: z.string(),
  type: MessageType,
  content: z.string(),
  model: z.string().nullable(),
  sources: z.array(UsedDocument),
  created_at: z.string(),
});
export type SharedMessage = z.infer<typeof SharedMessage>;

/** GET /api/shared/:token: the snapshot as it was when shared (read-only). */
export const SharedConversation = z
  .object({
    title: z.string(),
    shared_at: z.string(),
    public: z.boolean(),
    messages: z.array(SharedMessage),
  })
  .meta({ id: 'SharedConversation' });
export type SharedConversation = z.infer<typeof SharedConversation>;

export const EXPORT_FORMATS = ['md', 'json', 'pdf'] as const;
export const ExportFormatQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('md') });
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The JSON export of one conversation (format=json). */
export const ConversationExport = z
  .object({
    format: z.literal('hearth.conversation'),
    version: z.literal(1),
    exported_at: z.string(),
    conversation: z.object({ id: z.string(), title: z.string(), created_at: z.string(), updated_at: z.string() }),
    messages: z.array(SharedMessage.omit({ id: true })),
  })
  .meta({ id: 'ConversationExport' });
export type ConversationExport = z.infer<typeof ConversationExport>;

/** Import limits: the file, and how many conversations (and messages each) one import takes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_CONVERSATIONS = 1000;
export const IMPORT_MAX_MESSAGES = 2000;

export const ImportResult = z
  .object({
    /** Which export the file was read as. */
    source: z.enum(['chatgpt', 'open-webui']),
    imported: z.number().int(),
    conversations: z.array(z.object({ id: z.string(), title: z.string() })),
    skipped: z.array(z.object({ title: z.string(), reason: z.string() })),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof ImportResult>;

/** POST /api/chat/temporary: answers from the history sent, stores nothing. */
export const TemporaryChatBody = z.object({
  model: z.string().trim().min(1).max(300),
  provider_id: z.string().max(200).optional(),
  temperature: z.number().min(0).max(2).default(0.3),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().min(1).max(100_000) }))
    .min(1)
    .max(200)
    .refine((messages) => messages.at(-1)?.role === 'user', { message: 'The last message must be the question' }),
});
export type TemporaryChatBody = z.input<typeof TemporaryChatBody>;

/** Server-sent events of POST /api/chat/temporary: token* then done or error. */
export const TemporaryChatEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('token'), text: z.string() }),
  z.object({ type: z.literal('done'), content: z.string(), model: z.string(), stopped: z.boolean() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type TemporaryChatEvent = z.infer<typeof TemporaryChatEvent>;
