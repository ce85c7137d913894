import type { AssignableRole, Role, UserStatus } from '@hearth/contract';
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
  /** Set at sign-in and at most hourly while a session is used (admin dashboard: active users). */
  last_seen_at?: Timestamp | null;
  /** When the account proved it reads this address (a verification link); cleared when the address changes. */
  email_verified_at?: Timestamp | null;
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
  /** 0/1: signed in under a "require 2FA" policy without a second factor; only enrolment routes answer. */
  mfa_enrol_required: Generated<number>;
}

/** TOTP second factor (issue 16): the secret sealed with SecretBox; enabled_at null while enrolment is pending. */
export interface UserMfaTable {
  user_id: string;
  secret_sealed: string;
  created_at: Timestamp;
  enabled_at: Timestamp | null;
  last_time_step: number | null;
}

export interface MfaRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface MfaChallengesTable {
  id: string;
  token_hash: string;
  user_id: string;
  method: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  last_used_user_agent: string | null;
  expires_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

/** Single sign-on identities (issue 16): an OIDC subject or LDAP DN and the account it signs in to. */
export interface ExternalIdentitiesTable {
  id: string;
  provider: string;
  subject: string;
  user_id: string;
  created_at: Timestamp;
  last_login_at: Timestamp;
}

export interface InstanceSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** Accounts waiting for an administrator's approval (sign-up mode "approval"); approval deletes the row. */
export interface SignupApprovalsTable {
  user_id: string;
  requested_at: Timestamp;
}

/** Invitation links: only the token's SHA-256 is kept. */
export interface InvitationsTable {
  id: string;
  token_hash: string;
  role: AssignableRole;
  organization_id: string;
  /** When set, only this address may use the invitation (and it is mailed there). */
  email: string | null;
  max_uses: number;
  uses: number;
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface ChatConversationsTable {
  id: string;
  user_id: string;
  title: string;
  summary: string | null;
  summary_message_count: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Where the shown path of the message tree ends; null: the newest message (20261128_0002_branching). */
  active_leaf_id: string | null;
  /** The last message the cached summary covers: it is used only on paths through it (20261128_0002_branching). */
  summary_through_id: string | null;
  /** The folder it is filed in (organise); null when in no folder. */
  folder_id: string | null;
  /** When pinned; null when not. Pinned chats form the sidebar's own section. */
  pinned_at: Timestamp | null;
  /** When archived; archived chats leave the main list for the Archived Chats page. */
  archived_at: Timestamp | null;
  /** 1 once the person renamed it: an automatic title never overwrites theirs. */
  title_set_by_user: Generated<number>;
  /** This chat's own settings (contract ChatSettings as JSON text); null: the defaults of a new chat. */
  settings: string | null;
  /** The preset the chat was started from, if any (kept when the preset is deleted: its settings were copied). */
  preset_id: string | null;
}

/** One searchable text (a message, or a title when message_id is null), kept by triggers (migration 0003_search). */
export interface ChatSearchDocsTable {
  id: Generated<number>;
  owner_id: string;
  conversation_id: string;
  message_id: string | null;
  created_at: Timestamp;
  /** PostgreSQL only: the `simple` tsvector (SQLite keeps its text in the chat_search_fts table). */
  tsv?: string;
}

export interface ChatFoldersTable {
  id: string;
  user_id: string;
  name: string;
  /** Nested one level only: a folder with a parent has no children (checked by the service). */
  parent_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatConversationTagsTable {
  conversation_id: string;
  user_id: string;
  tag: string;
  created_at: Timestamp;
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
  /** The worker writing this answer while it streams; null once finished (or for any other message). */
  writer: string | null;
  /** When the writer last saved it. */
  written_at: string | null;
  /** The message this one follows in the tree; null for a first message (20261128_0002_branching). */
  parent_id: string | null;
}

/** Share links (issue 17): a snapshot of a conversation; the token is found by its SHA-256. */
export interface ChatSharesTable {
  id: string;
  user_id: string;
  conversation_id: string;
  token_hash: string;
  /** The token sealed with SECRET (lib/secret-box.ts), so its owner can copy the link again. */
  token_sealed: string;
  title: string;
  is_public: number;
  created_at: Timestamp;
}

export interface ChatShareMessagesTable {
  id: string;
  share_id: string;
  position: number;
  type: 'user' | 'assistant' | 'system';
  content: string;
  model: string | null;
  /** JSON array of UsedDocument (the sources the page shows). */
  sources: string;
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

/** Per collection: its key in the postings and the BM25 statistics of its ready documents. */
export interface KnowledgeLexicalScopesTable {
  /** PostgreSQL serial, SQLite integer key. */
  id: Generated<number>;
  collection_id: string;
  /** bigint: PostgreSQL returns it as a string. */
  chunk_count: number | string;
  total_length: number | string;
  /** Raised with every change to the scope's postings (cached posting lists are read at a version). */
  version: Generated<number>;
  /** When it was last searched (ISO), written at most once an hour per process; null: not since. */
  searched_at: Generated<Timestamp | null>;
}

/** What a ready document added to its scope's statistics (absent while it is being indexed). */
export interface KnowledgeLexicalDocumentsTable {
  document_id: string;
  scope: number;
  chunk_count: number;
  total_length: number | string;
}

/** Document frequency of a term in a scope, over the documents that count (published). */
export interface KnowledgeTermStatsTable {
  scope: number;
  term: string;
  df: number;
}

/** The inverted index: one row per (collection scope, term, chunk). */
export interface KnowledgePostingsTable {
  scope: number;
  term: string;
  /** knowledge_chunks.seq (PostgreSQL returns bigint as a string). */
  chunk_seq: number | string;
  tf: number;
  /** The chunk's length in index terms. */
  len: number;
}

/** A collection's retrieval quality report (issue 18), one per run. */
export interface KnowledgeQualityReportsTable {
  id: string;
  user_id: string;
  collection_id: string;
  status: 'running' | 'done' | 'failed';
  progress_done: number;
  progress_total: number;
  /** JSON (QualityReportResult) once done. */
  result: string | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** Per collection: the model that embedded all of it last, and the last embedding failure. */
export interface KnowledgeCollectionEmbeddingsTable {
  collection_id: string;
  user_id: string;
  /** e.g. "ollama:nomic-embed-text"; null until the collection has been embedded completely once. */
  model: string | null;
  dims: number | null;
  /** Cleared when the collection is fully embedded. */
  error: string | null;
  updated_at: Timestamp;
}

export interface KnowledgeChunkVectorsTable {
  /** knowledge_chunks.seq (PostgreSQL returns bigint as a string). */
  chunk_seq: number | string;
  user_id: string;
  collection_id: string;
  model: string;
  dims: number;
  /** Unit-length vector: float32 little-endian blob on SQLite, real[] on PostgreSQL. */
  embedding: Buffer | number[];
  created_at: Timestamp;
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
  /** The worker (replica) that claimed it last. */
  locked_by?: string | null;
  /** The HTTP request that enqueued it (its log lines name it); null for scheduled jobs. */
  request_id?: string | null;
  error: string | null;
  /** `<job>@<period start>` for a scheduled run (unique: one per period across replicas); null otherwise. */
  dedupe_key: string | null;
  /** What the running job last reported (JSON), for whoever follows it. */
  progress: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuditLogsTable {
  id: string;
  /** Position in the hash chain (1, 2, 3 ...); PostgreSQL may return it as a string. */
  seq: number | string;
  user_id: string | null;
  organization_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON object. */
  details: string;
  created_at: Timestamp;
  prev_hash: string;
  hash: string;
}

export interface UserUpdatePreferencesTable {
  user_id: string;
  last_updated_version: string | null;
  data_retention_days: number;
  /** Booleans are 0/1 integers in both dialects. */
  auto_delete_enabled: number;
  auto_update_enabled: number;
  update_frequency: 'immediate' | 'daily' | 'weekly' | 'manual';
  notify_before_update: number;
  updated_at: Timestamp;
}

/** Each user's answer to the update notices (issue 19): Later, X and the one-time "updated" notice. */
export interface UpdateNoticeStatesTable {
  user_id: string;
  snoozed_until: Timestamp | null;
  dismissed_version: string | null;
  seen_version: string | null;
  updated_at: Timestamp;
}

export interface PromptsTable {
  id: string;
  user_id: string;
  /** The owner's organisation when the prompt was last saved (sharing is checked against the current one). */
  organization_id: string | null;
  title: string;
  description: string | null;
  content: string;
  /** 0/1: visible to the owner's organisation. */
  shared: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppVersionsTable {
  id: string;
  version_number: string;
  /** version_number without trailing ".0" parts: unique, so 1.0 and 1.0.0 are one version. */
  version_key: string;
  release_notes: string;
  /** 0/1. */
  is_critical: number;
  deployment_status: 'draft' | 'staged' | 'live' | 'rollback';
  deployed_at: Timestamp | null;
  created_by_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  github_release_id: string | null;
  github_commit_sha: string | null;
  deployment_error: string | null;
}

export interface DeploymentLogsTable {
  id: string;
  version_id: string;
  deployment_status: 'pending' | 'in_progress' | 'completed' | 'failed';
  started_at: Timestamp;
  completed_at: Timestamp | null;
  github_release_id: string | null;
  github_commit_sha: string | null;
  deployment_url: string | null;
  deployment_error: string | null;
  user_id: string | null;
}

/** One row (id 'default'); the token is sealed with SecretBox and never leaves the server. */
export interface GithubIntegrationsTable {
  id: string;
  owner: string;
  repo: string;
  token_encrypted: string;
  deployment_webhook_url: string | null;
  workflow_id: string | null;
  environment: string;
  api_base_url: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface UpdateNotificationsTable {
  id: string;
  user_id: string;
  version_id: string;
  notification_type: 'update_available';
  title: string;
  message: string;
  /** 0/1. */
  is_critical: number;
  read_at: Timestamp | null;
  dismissed_at: Timestamp | null;
  created_at: Timestamp;
}

/** A documentation page saved in the app; pages never saved are read from the shipped Markdown. */
export interface DocPagesTable {
  path: string;
  source: string;
  revision: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface DocPageRevisionsTable {
  id: string;
  path: string;
  revision: number;
  kind: 'edit' | 'revert' | 'doc_update';
  restored_revision: number | null;
  source: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface DocChangesTable {
  id: string;
  file_type: 'component' | 'service' | 'backend' | 'config' | 'docs';
  file_path: string;
  previous_path: string | null;
  change_type: 'added' | 'modified' | 'deleted' | 'renamed';
  impact: 'low' | 'medium' | 'high' | 'critical';
  /** JSON array of documentation page paths. */
  affected_docs: string;
  lines_changed: number;
  diff_excerpt: string;
  commit_sha: string;
  /** 0/1. */
  processed: number;
  created_at: Timestamp;
}

export interface DocUpdatesTable {
  id: string;
  change_id: string;
  doc_path: string;
  current_content: string;
  suggested_content: string;
  update_type: 'automatic' | 'review_required';
  status: 'pending' | 'applied' | 'rejected';
  ai_confidence: number;
  error: string | null;
  created_by: string | null;
  created_at: Timestamp;
  decided_by: string | null;
  decided_at: Timestamp | null;
}

export interface UserGroupsTable {
  id: string;
  organization_id: string;
  name: string;
  created_at: Timestamp;
}

export interface UserGroupMembersTable {
  group_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** A collection shared with one group or one organisation (exactly one of the two is set). */
export interface KnowledgeCollectionSharesTable {
  id: string;
  collection_id: string;
  group_id: string | null;
  organization_id: string | null;
  access: 'read' | 'write';
  created_at: Timestamp;
}

/** A model or a runtime granted to a group; a subject without rows is visible to everyone. */
export interface ModelGrantsTable {
  subject_kind: 'model' | 'provider';
  subject: string;
  group_id: string;
  created_at: Timestamp;
}

/** Presets ("assistants", issue 17): owned like prompts, shared with the organisation or with groups. */
export interface ChatPresetsTable {
  id: string;
  user_id: string;
  /** The owner's organisation when the preset was last saved (sharing is checked against the current one). */
  organization_id: string | null;
  name: string;
  description: string | null;
  /** Contract ChatSettings as JSON text. */
  settings: string;
  /** JSON array of starter prompts. */
  starters: string;
  /** 0/1: visible to the owner's organisation. */
  shared: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatPresetGroupSharesTable {
  preset_id: string;
  group_id: string;
  created_at: Timestamp;
}

export interface PromptGroupSharesTable {
  prompt_id: string;
  group_id: string;
  created_at: Timestamp;
}

/** One-time links (password reset, e-mail verification): only the SHA-256 of the secret is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: 'password_reset' | 'email_verification';
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_by: string | null;
}

/** One UTC day of one user's use of one model (issue 19); bigint columns come back as strings on PostgreSQL. */
export interface UsageDailyTable {
  day: string;
  user_id: string;
  model: string;
  requests: number | string;
  prompt_tokens: number | string;
  completion_tokens: number | string;
  estimated_requests: number | string;
}

/** A quota rule (issue 19): scope instance (target 'default'), organization, group or user; null = no limit. */
export interface UsageQuotasTable {
  scope: 'instance' | 'organization' | 'group' | 'user';
  target_id: string;
  messages_per_day: number | string | null;
  messages_per_month: number | string | null;
  tokens_per_day: number | string | null;
  tokens_per_month: number | string | null;
  /** 0/1: users only; no quota applies to them. */
  exempt: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** An MCP server an admin registered (issue 20): a stdio command or an HTTP URL. */
export interface McpServersTable {
  id: string;
  name: string;
  slug: string;
  transport: 'stdio' | 'http';
  command: string | null;
  /** JSON array of strings. */
  args: string;
  /** The stdio environment as JSON, sealed (SecretBox 'mcp-server-env'); null when none. */
  env_encrypted: string | null;
  url: string | null;
  /** The header (HTTP) or environment variable (stdio) carrying each user's own key; null: none needed. */
  credential_name: string | null;
  credential_template: string | null;
  /** 0/1: each user signs in at the server with OAuth (HTTP only); their tokens go in mcp_user_credentials. */
  user_oauth: number;
  /** A pre-registered OAuth client `{client_id, client_secret?}` as JSON, sealed (SecretBox 'mcp-server-env'). */
  oauth_client_encrypted: string | null;
  /** 0/1: open to everyone, else only to the organisations and groups in mcp_server_grants. */
  everyone: number;
  enabled: number;
  tools_refreshed_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface McpServerGrantsTable {
  id: string;
  server_id: string;
  organization_id: string | null;
  group_id: string | null;
}

/** A tool as the server last listed it, with the admin's choices for it. */
export interface McpToolsTable {
  server_id: string;
  name: string;
  description: string;
  /** JSON schema of the arguments, as JSON text. */
  input_schema: string;
  enabled: number;
  approval: 'auto' | 'ask';
  position: number;
}

/**
 * One user's own key for one server, or their OAuth tokens and client as JSON (a `user_oauth` server), sealed
 * (SecretBox 'mcp-user-credentials'); only ever used for their calls.
 */
export interface McpUserCredentialsTable {
  server_id: string;
  user_id: string;
  secret_encrypted: string;
  updated_at: Timestamp;
}

export interface BuiltinToolSettingsTable {
  name: string;
  enabled: number;
  approval: string;
  updated_at: string;
}

export interface ToolCallApprovalsTable {
  id: string;
  user_id: string;
  conversation_id: string;
  tool_name: string;
  /** null while waiting; 'approved' | 'denied'. */
  decision: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface Database {
  builtin_tool_settings: BuiltinToolSettingsTable;
  tool_call_approvals: ToolCallApprovalsTable;
  mcp_servers: McpServersTable;
  mcp_server_grants: McpServerGrantsTable;
  mcp_tools: McpToolsTable;
  mcp_user_credentials: McpUserCredentialsTable;
  organizations: OrganizationsTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  knowledge_collection_shares: KnowledgeCollectionSharesTable;
  prompt_group_shares: PromptGroupSharesTable;
  chat_presets: ChatPresetsTable;
  chat_preset_group_shares: ChatPresetGroupSharesTable;
  model_grants: ModelGrantsTable;
  profiles: ProfilesTable;
  user_credentials: UserCredentialsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  account_tokens: AccountTokensTable;
  user_mfa: UserMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  rate_limits: RateLimitsTable;
  instance_settings: InstanceSettingsTable;
  external_identities: ExternalIdentitiesTable;
  signup_approvals: SignupApprovalsTable;
  invitations: InvitationsTable;
  model_providers: ModelProvidersTable;
  model_downloads: ModelDownloadsTable;
  chat_conversations: ChatConversationsTable;
  chat_folders: ChatFoldersTable;
  chat_conversation_tags: ChatConversationTagsTable;
  chat_messages: ChatMessagesTable;
  chat_search_docs: ChatSearchDocsTable;
  chat_attachments: ChatAttachmentsTable;
  chat_shares: ChatSharesTable;
  chat_share_messages: ChatShareMessagesTable;
  knowledge_collections: KnowledgeCollectionsTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_chunks: KnowledgeChunksTable;
  knowledge_lexical_scopes: KnowledgeLexicalScopesTable;
  knowledge_lexical_documents: KnowledgeLexicalDocumentsTable;
  knowledge_postings: KnowledgePostingsTable;
  knowledge_term_stats: KnowledgeTermStatsTable;
  knowledge_chunk_vectors: KnowledgeChunkVectorsTable;
  knowledge_collection_embeddings: KnowledgeCollectionEmbeddingsTable;
  knowledge_quality_reports: KnowledgeQualityReportsTable;
  jobs: JobsTable;
  audit_logs: AuditLogsTable;
  user_update_preferences: UserUpdatePreferencesTable;
  prompts: PromptsTable;
  app_versions: AppVersionsTable;
  deployment_logs: DeploymentLogsTable;
  github_integrations: GithubIntegrationsTable;
  update_notifications: UpdateNotificationsTable;
  update_notice_states: UpdateNoticeStatesTable;
  doc_pages: DocPagesTable;
  doc_page_revisions: DocPageRevisionsTable;
  doc_changes: DocChangesTable;
  doc_updates: DocUpdatesTable;
  usage_daily: UsageDailyTable;
  usage_quotas: UsageQuotasTable;
}
