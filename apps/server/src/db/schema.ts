import type { Role, UserStatus } from '@hearth/contract';

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

export interface Database {
  organizations: OrganizationsTable;
  profiles: ProfilesTable;
  user_credentials: UserCredentialsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  rate_limits: RateLimitsTable;
  instance_settings: InstanceSettingsTable;
}
