import type { McpServer } from '@hearth/contract';
import type { SecretBox } from '../../lib/secret-box';
import type { McpTarget } from './mcp-connector';
import type { McpServerRecord } from './mcp-server.repository';

export interface Viewer {
  organizationId: string | null;
  groupIds: string[];
}

/** Enabled, and open to everyone or granted to the user's organisation or one of their groups. */
export function canUse(record: McpServerRecord, viewer: Viewer): boolean {
  if (!record.row.enabled) return false;
  if (record.row.everyone) return true;
  const groups = new Set(viewer.groupIds);
  return record.grants.some(
    (grant) =>
      (grant.organization_id !== null && grant.organization_id === viewer.organizationId) ||
      (grant.group_id !== null && groups.has(grant.group_id)),
  );
}

/** What each user must bring: nothing, their own key, or an OAuth sign-in at the server (HTTP only). */
export type UserAuth = 'none' | 'key' | 'oauth';

export function userAuth(record: McpServerRecord): UserAuth {
  if (record.row.transport === 'http' && record.row.user_oauth === 1) return 'oauth';
  return record.row.credential_name !== null && record.row.credential_template !== null ? 'key' : 'none';
}

/** The environment a stdio server was given; an unreadable one (SECRET changed) is empty, not fatal. */
export function openEnv(sealed: string | null, box: SecretBox): Record<string, string> {
  if (!sealed) return {};
  try {
    return JSON.parse(box.open(sealed)) as Record<string, string>;
  } catch {
    return {};
  }
}

/** An OAuth client the admin registered at the server beforehand. */
export interface PreRegisteredClient {
  client_id: string;
  client_secret?: string;
}

/** The admin's pre-registered OAuth client; null when none (or unreadable after a SECRET change). */
export function openOAuthClient(sealed: string | null, box: SecretBox): PreRegisteredClient | null {
  if (!sealed) return null;
  try {
    return JSON.parse(box.open(sealed)) as PreRegisteredClient;
  } catch {
    return null;
  }
}

export function toMcpServer(record: McpServerRecord, box: SecretBox): McpServer {
  const { row } = record;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    transport: row.transport,
    command: row.command,
    args: JSON.parse(row.args) as string[],
    env_names: Object.keys(openEnv(row.env_encrypted, box)),
    url: row.url,
    user_credential:
      row.credential_name && row.credential_template
        ? { name: row.credential_name, template: row.credential_template }
        : null,
    user_oauth: row.user_oauth === 1,
    oauth_client_id: openOAuthClient(row.oauth_client_encrypted, box)?.client_id ?? null,
    everyone: row.everyone === 1,
    organization_ids: record.grants.flatMap((grant) => (grant.organization_id ? [grant.organization_id] : [])),
    group_ids: record.grants.flatMap((grant) => (grant.group_id ? [grant.group_id] : [])),
    enabled: row.enabled === 1,
    tools: record.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: JSON.parse(tool.input_schema) as Record<string, unknown>,
      enabled: tool.enabled === 1,
      approval: tool.approval,
    })),
    tools_refreshed_at: row.tools_refreshed_at,
    created_at: row.created_at,
  };
}

/**
 * How to reach the server for one user: `key` is that user's own key (null without one) and goes only into this
 * one target, as the header or environment variable the admin named.
 */
export function targetFor(record: McpServerRecord, envBox: SecretBox, key: string | null): McpTarget {
  const { row } = record;
  const credential: Record<string, string> =
    key !== null && row.credential_name && row.credential_template
      ? { [row.credential_name]: row.credential_template.split('{key}').join(key) }
      : {};
  if (row.transport === 'stdio') {
    return {
      transport: 'stdio',
      name: row.name,
      command: row.command ?? '',
      args: JSON.parse(row.args) as string[],
      env: { ...openEnv(row.env_encrypted, envBox), ...credential },
    };
  }
  return { transport: 'http', name: row.name, url: row.url ?? '', headers: credential };
}

/** A slug for tool names: lower-case letters, digits and "_" only, at most 24 characters. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24)
    .replace(/_+$/, '');
  return slug || 'mcp';
}

/** `<slug>__<tool>` as models accept tool names: ^[a-zA-Z0-9_-]{1,64}$. */
export function modelToolName(slug: string, tool: string): string {
  return `${slug}__${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`.slice(0, 64);
}
