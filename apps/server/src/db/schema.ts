import type { Role, UserStatus } from '@hearth/contract';
import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings in both dialects, so they compare as text and read the same everywhere. */
type Timestamp = string;

export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  status: UserStatus;
  banned_at: Timestamp | null;
  banned_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserCredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  organization_id: string | null;
  parent_user_id: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface InstanceSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface ChatConversationsTable {
  id: string;
  user_id: string;
  title: string;
  summary: string | null;
  summary_message_count: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  type: 'user' | 'assistant' | 'system';
  content: string;
  /** JSON array of the attachments' public fields. */
  attachments: string;
  is_error: number;
  model: string | null;
  /** JSON object (MessageMetadata). */
  metadata: string;
  created_at: Timestamp;
}

export interface ChatAttachmentsTable {
  id: string;
  user_id: string;
  conversation_id: string | null;
  name: string;
  mime_type: string;
  size: number;
  kind: 'image' | 'document';
  blob_key: string;
  extracted_text: string | null;
  created_at: Timestamp;
}

export interface ModelProvidersTable {
  id: string;
  kind: 'ollama' | 'openai';
  name: string;
  base_url: string;
  /** AES-256-GCM under a key derived from SECRET (lib/secret-box.ts); never sent to clients. */
  api_key_encrypted: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ModelDownloadsTable {
  id: string;
  url: string;
  file_name: string;
  sha256: string | null;
  status: 'queued' | 'downloading' | 'verifying' | 'completed' | 'failed' | 'cancelled';
  /** bigint columns: PostgreSQL returns them as strings, the repository converts. */
  received_bytes: number | string;
  total_bytes: number | string | null;
  error: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface KnowledgeCollectionsTable {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KnowledgeDocumentsTable {
  id: string;
  collection_id: string;
  user_id: string;
  file_name: string;
  file_type: string;
  file_size: number;
  sha256: string;
  blob_key: string | null;
  content: string | null;
  preview: string | null;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  /** JSON object (KnowledgeDocumentMetadata). */
  metadata: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KnowledgeChunksTable {
  /** Integer key the lexical index points at (FTS5 rowid); PostgreSQL returns bigserial as a string. */
  seq: Generated<number | string>;
  id: string;
  document_id: string;
  collection_id: string;
  user_id: string;
  ordinal: number;
  text: string;
  page: number | null;
  heading_path: string | null;
}

export interface JobsTable {
  id: string;
  type: string;
  /** JSON object, validated by the job's handler. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  run_after: Timestamp;
  locked_until: Timestamp | null;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  organizations: OrganizationsTable;
  profiles: ProfilesTable;
  user_credentials: UserCredentialsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  rate_limits: RateLimitsTable;
  instance_settings: InstanceSettingsTable;
  model_providers: ModelProvidersTable;
  model_downloads: ModelDownloadsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_attachments: ChatAttachmentsTable;
  knowledge_collections: KnowledgeCollectionsTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_chunks: KnowledgeChunksTable;
  jobs: JobsTable;
}
