import { z } from 'zod';
import { AdvancedRetrievalSummary, AnswerSupport } from './answer-support';

/** Spec §9 and §5: the constants the chat screen and the server share. */
export const CHAT_DEFAULT_TEMPERATURE = 0.3;
export const CHAT_MAX_ATTACHMENT_BYTES = 10_485_760;
/** Spec §5's list plus md and csv, which the knowledge base already reads (issue #17). */
export const CHAT_ALLOWED_EXTENSIONS = [
  'pdf',
  'docx',
  'doc',
  'txt',
  'md',
  'csv',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'webp',
  'svg',
] as const;
/** Spec §5: the text sent when a message has files but no text. */
export const CHAT_FILES_ONLY_TEXT = 'Uploaded documents for analysis';
/** Spec §8: the system message appended (and saved with is_error) when a reply fails. */
export const CHAT_FAILED_REPLY_TEXT = 'Sorry, I encountered an error processing your request. Please try again.';
export const NO_VISION_MODEL_MESSAGE =
  'No vision models are installed. Please install LLaVA or another vision model in the local model runtime first. You can install one by running a pull command for the llava model.';

export const MessageType = z.enum(['user', 'assistant', 'system']);
export type MessageType = z.infer<typeof MessageType>;

export const Attachment = z
  .object({
    id: z.string(),
    name: z.string(),
    mime_type: z.string(),
    size: z.number().int(),
    kind: z.enum(['image', 'document']),
    /** Documents: text was extracted and goes into the prompt. */
    has_text: z.boolean(),
  })
  .meta({ id: 'ChatAttachment' });
export type Attachment = z.infer<typeof Attachment>;

/** A searched collection with documents not yet searchable (queued or processing). */
export const IndexingCollection = z.object({
  collection_id: z.string(),
  collection_name: z.string(),
  pending: z.number().int(),
});
export type IndexingCollection = z.infer<typeof IndexingCollection>;

/** A knowledge source an answer used (spec §3 "Knowledge source"). */
export const ToolCallStatus = z.enum(['awaiting_approval', 'running', 'done', 'failed', 'denied']);
export type ToolCallStatus = z.infer<typeof ToolCallStatus>;

/** One tool call of an answer, as the user sees it folded in the answer (issue 20). */
export const ToolCallRecord = z.object({
  id: z.string(),
  /** The tool's name as the model called it (MCP tools: "<server>__<tool>"). */
  name: z.string(),
  /** Where the tool comes from: "Built-in" or the MCP server's name. */
  source: z.string(),
  /** The arguments as JSON text (what the model sent). */
  arguments: z.string(),
  status: ToolCallStatus,
  /** The result as the model received it (cut to the result limit), or the error. */
  result: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;

export const UsedDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  collectionName: z.string(),
  snippet: z.string(),
  relevance_score: z.number().min(0).max(1).optional(),
  /** Where the cited passage is, so the sources card can open the document at that place. */
  collectionId: z.string().optional(),
  page: z.number().int().nullable().optional(),
  chunkId: z.string().optional(),
  /** A web search result (issue 20): the page's address; `collectionName` then holds the site. */
  url: z.string().optional(),
});
export type UsedDocument = z.infer<typeof UsedDocument>;

export const TokenUsage = z.object({
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

export const MessageMetadata = z.object({
  /** The user pressed Stop: the content is what was produced until then. */
  stopped: z.boolean().optional(),
  /**
   * The server stopped (a restart, a crash) while writing this answer: the content is what was saved until then
   * (`stopped` is set too).
   */
  interrupted: z.boolean().optional(),
  /** Still being written (answers are saved as they stream); a finished answer never has it. */
  writing: z.boolean().optional(),
  /** The prompt had to be cut to fit the model's context window. */
  truncated: z.boolean().optional(),
  /** The model hit its output limit. */
  length_limited: z.boolean().optional(),
  usage: TokenUsage.optional(),
  used_documents: z.array(UsedDocument).optional(),
  provider_id: z.string().optional(),
  /** The enhanced path failed and a plain call answered. */
  fallback: z.boolean().optional(),
  /** Error code of a failed reply (system messages with is_error). */
  error_code: z.string().optional(),
  /**
   * Spec §9 answer confidence (0-1), for answers that searched documents. It measures how well the sources
   * matched the question (shown as "Sources match"), not whether the answer is right: see `support`.
   */
  confidence: z.number().min(0).max(1).optional(),
  /** How many of the answer's statements its cited passages back up (answers with sources only). */
  support: AnswerSupport.optional(),
  /** Searched collections that were still indexing when the answer was made. */
  indexing_collections: z.array(IndexingCollection).optional(),
  /** Advanced retrieval (advanced-rag) was used to pick the documents. */
  advanced_retrieval: z.boolean().optional(),
  /** What advanced retrieval did (steps, validation), when it picked the documents. */
  retrieval_details: AdvancedRetrievalSummary.optional(),
  /** Tools the model called while answering (issue 20), in order. */
  tool_calls: z.array(ToolCallRecord).optional(),
  /** The web searches made for this answer (issue 20); their results are among `used_documents`. */
  web_queries: z.array(z.string()).optional(),
});
export type MessageMetadata = z.infer<typeof MessageMetadata>;

/** A message's siblings (same parent, oldest first): "‹ 2/3 ›". The ids switch to the neighbouring one. */
export const MessageBranch = z.object({
  /** 1-based. */
  position: z.number().int().min(1),
  count: z.number().int().min(2),
  previous_id: z.string().nullable(),
  next_id: z.string().nullable(),
});
export type MessageBranch = z.infer<typeof MessageBranch>;

export const Message = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    type: MessageType,
    content: z.string(),
    attachments: z.array(Attachment),
    is_error: z.boolean(),
    /** The model that answered (assistant messages) or was asked (user messages). */
    model: z.string().nullable(),
    created_at: z.string(),
    metadata: MessageMetadata,
    /**
     * Where this message sits among its alternatives (issue 17 branching: edits and regenerations keep every
     * version). Only on GET .../messages, and only when there is more than one.
     */
    branch: MessageBranch.optional(),
  })
  .meta({ id: 'ChatMessage' });
export type Message = z.infer<typeof Message>;

export const Conversation = z
  .object({
    id: z.string(),
    title: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    message_count: z.number().int().optional(),
    /** An answer is being generated in it right now (the list says so; see GET /api/conversations/:id/live). */
    generating: z.boolean().optional(),
    /** Organise (issue 17): the folder it is filed in, when pinned, when archived, its tags. */
    folder_id: z.string().nullable().optional(),
    pinned_at: z.string().nullable().optional(),
    archived_at: z.string().nullable().optional(),
    tags: z.array(z.string()).optional(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof Conversation>;

export const ConversationListQuery = z.object({
  /** Opaque; from `next_cursor` of the previous page. */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /**
   * Which chats (issue 17): `all` every chat not archived (the default); `unfiled` the sidebar's recent list (not
   * pinned, in no folder); `pinned`; `folder` (with folder_id); `archived` (the Archived Chats page).
   */
  section: z.enum(['all', 'unfiled', 'pinned', 'folder', 'archived']).default('all'),
  folder_id: z.uuid().optional(),
  /** Title contains this text (case-insensitive). */
  q: z.string().trim().max(200).optional(),
});
export type ConversationListQuery = z.input<typeof ConversationListQuery>;

/** Newest updated first. */
export const ConversationList = z.object({
  conversations: z.array(Conversation),
  next_cursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof ConversationList>;

export const CreateConversationBody = z.object({ title: z.string().trim().min(1).max(200).optional() });
export type CreateConversationBody = z.infer<typeof CreateConversationBody>;

export const UpdateConversationBody = z.object({ title: z.string().trim().min(1).max(200) });
export type UpdateConversationBody = z.infer<typeof UpdateConversationBody>;

/**
 * Without a cursor: the newest `limit` messages. `before` pages to older messages, `after` to newer ones.
 * Each page is in chronological order (oldest first).
 */
export const MessageListQuery = z.object({
  before: z.string().max(500).optional(),
  after: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type MessageListQuery = z.input<typeof MessageListQuery>;

export const MessageList = z.object({
  messages: z.array(Message),
  /** Pass as `before` to load older messages; null when this page starts at the first message. */
  older_cursor: z.string().nullable(),
  /** Pass as `after` to load newer messages; null when this page ends at the last message. */
  newer_cursor: z.string().nullable(),
});
export type MessageList = z.infer<typeof MessageList>;

export const ClearHistoryResponse = z.object({ deleted: z.number().int() });
export type ClearHistoryResponse = z.infer<typeof ClearHistoryResponse>;

/** Spec §3 "Local user preferences" (kept in browser storage, sent with each message). */
export const UserPreferences = z.object({
  preferredResponseStyle: z.enum(['conversational', 'formal', 'technical']).default('conversational'),
  includeLegalDisclaimers: z.boolean().default(false),
  autoUseDocuments: z.boolean().default(true),
  rememberContext: z.boolean().default(true),
});
export type UserPreferences = z.infer<typeof UserPreferences>;

/** Spec §7 advanced-rag options as the chat screen's advanced retrieval controls send them. */
export const ADVANCED_MAX_RESULTS = { min: 5, max: 50, step: 5, default: 10 } as const;
export const AdvancedRetrievalOptions = z.object({
  enabled: z.boolean().default(false),
  useReranking: z.boolean().default(true),
  useQueryExpansion: z.boolean().default(true),
  useMultiStepReasoning: z.boolean().default(true),
  maxResults: z.number().int().min(ADVANCED_MAX_RESULTS.min).max(ADVANCED_MAX_RESULTS.max).default(10),
});
export type AdvancedRetrievalOptions = z.infer<typeof AdvancedRetrievalOptions>;

/** What every answering request shares: which model, how, and with which context. */
const AnswerOptions = z.object({
  model: z.string().trim().min(1).max(300),
  provider_id: z.string().max(200).optional(),
  temperature: z.number().min(0).max(2).default(CHAT_DEFAULT_TEMPERATURE),
  selectedCollections: z.array(z.string().max(100)).max(100).optional(),
  useConversationContext: z.boolean().default(true),
  useDocumentContext: z.boolean().default(true),
  userPreferences: UserPreferences.optional(),
  /** Advanced retrieval controls (master switch off by default); used only with document context. */
  advancedRetrieval: AdvancedRetrievalOptions.optional(),
  /** Let the model call the tools enabled for this user (issue 20). */
  tools: z.boolean().optional(),
  /** Search the web for this answer (issue 20; only when an admin configured a provider). */
  web_search: z.boolean().optional(),
});

export const SendMessageBody = AnswerOptions.extend({
  /** Omitted on the first send: the server creates the conversation and titles it (spec §4). */
  conversation_id: z.uuid().optional(),
  content: z.string().max(100_000),
  /** From POST /api/chat/attachments. */
  attachment_ids: z.array(z.uuid()).max(10).optional(),
  /** On the first send only: the new chat starts with this preset's settings (issue 17). */
  preset_id: z.uuid().optional(),
}).refine((body) => body.content.trim().length > 0 || (body.attachment_ids?.length ?? 0) > 0, {
  message: 'Type a message or attach a file',
  path: ['content'],
});
export type SendMessageBody = z.input<typeof SendMessageBody>;

/** Answer the last user message of the shown path again: a new answer beside the old one, which is kept. */
export const RegenerateBody = AnswerOptions;
export type RegenerateBody = z.input<typeof RegenerateBody>;

/** Send an edited version of a user message as a new branch beside it (the original is kept) and answer it. */
export const EditMessageBody = AnswerOptions.extend({ content: z.string().trim().min(1).max(100_000) });
export type EditMessageBody = z.input<typeof EditMessageBody>;

export const MessageParams = z.object({ id: z.uuid(), messageId: z.uuid() });
export type MessageParams = z.infer<typeof MessageParams>;

/** POST /api/conversations/:id/branch: show the branch that contains this message. */
export const SwitchBranchBody = z.object({ message_id: z.uuid() });
export type SwitchBranchBody = z.infer<typeof SwitchBranchBody>;

/** The shown path now ends at this message: the newest descendant of the chosen one (itself when none). */
export const SwitchBranchResponse = z.object({ active_leaf_id: z.string() });
export type SwitchBranchResponse = z.infer<typeof SwitchBranchResponse>;

export const StopResponse = z.object({ stopped: z.boolean() });
export type StopResponse = z.infer<typeof StopResponse>;

/**
 * Server-sent events of POST /api/chat/stream, /regenerate and /edit: `event: <type>` + `data: <json>`.
 * Order: conversation → user_message? → context → token* → done | error. Edit and regenerate delete nothing:
 * the new message becomes the end of the shown path, and the replaced one stays on its own branch.
 * `context` comes again when the enhanced path failed before answering and a plain call takes over.
 * `error` carries the saved system message (is_error) when there is one to show.
 */
export const ChatStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('conversation'), conversation: Conversation }),
  z.object({ type: z.literal('user_message'), message: Message }),
  z.object({
    type: z.literal('context'),
    /** True when older history or attachment text had to be left out to fit the model's context window. */
    truncated: z.boolean(),
    dropped_messages: z.number().int(),
    context_tokens: z.number().int().optional(),
    context_length: z.number().int().nullable().optional(),
    summary_used: z.boolean(),
    used_documents: z.array(UsedDocument),
    /** Searched collections still indexing: the answer cannot use their unindexed documents yet. */
    indexing_collections: z.array(IndexingCollection).optional(),
  }),
  z.object({ type: z.literal('token'), text: z.string() }),
  /** A tool call started, waits for approval, or ended (the same id comes again with its new status). */
  z.object({ type: z.literal('tool_call'), call: ToolCallRecord }),
  z.object({ type: z.literal('done'), message: Message }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), saved_message: Message.nullable() }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;
export type ChatStreamEventType = ChatStreamEvent['type'];

/** POST /api/chat (spec §7): non-streaming, optionally enhanced with conversation and document context. */
export const ChatBody = z.looseObject({
  message: z.string().trim().min(1).max(100_000),
  model: z.string().trim().min(1).max(300),
  temperature: z.number().min(0).max(2).default(CHAT_DEFAULT_TEMPERATURE),
  conversation_history: z
    .array(z.object({ role: z.enum(['user', 'assistant', 'system']), content: z.string().max(100_000) }))
    .max(1000)
    .optional(),
  conversationId: z.uuid().optional(),
  selectedCollections: z.array(z.string().max(100)).max(100).optional(),
  useConversationContext: z.boolean().default(true),
  useDocumentContext: z.boolean().default(true),
  userPreferences: UserPreferences.optional(),
  provider_id: z.string().max(200).optional(),
  /** Search the web for this answer (issue 20; only when an admin configured a provider). */
  web_search: z.boolean().optional(),
});
export type ChatBody = z.input<typeof ChatBody>;

export const ChatResponseMetadata = z.object({
  model: z.string(),
  provider_id: z.string(),
  enhanced: z.boolean(),
  fallback: z.boolean(),
  summary_used: z.boolean(),
  truncated: z.boolean(),
  usage: TokenUsage,
});
export type ChatResponseMetadata = z.infer<typeof ChatResponseMetadata>;

export const ChatResponse = z.object({
  response: z.string(),
  responseMetadata: ChatResponseMetadata,
  usedDocuments: z.array(UsedDocument),
});
export type ChatResponse = z.infer<typeof ChatResponse>;

/** POST /api/vision/analyze (spec §3 "Vision request"). */
export const VisionAnalyzeBody = z.object({
  /** Base64, with or without a data: prefix. */
  image_data: z.string().min(1).max(15_000_000),
  analysis_type: z.string().trim().max(100).default('general'),
  prompt: z.string().max(10_000).optional(),
  model: z.string().max(300).optional(),
});
export type VisionAnalyzeBody = z.input<typeof VisionAnalyzeBody>;

export const VisionAnalyzeResponse = z.object({ analysis: z.string(), model: z.string() });
export type VisionAnalyzeResponse = z.infer<typeof VisionAnalyzeResponse>;

/** Vision errors also carry `detail` (e.g. 'No vision models available'), as the spec's backend did. */
export const VisionErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  detail: z.string().optional(),
  details: z.unknown().optional(),
});
export type VisionErrorBody = z.infer<typeof VisionErrorBody>;
