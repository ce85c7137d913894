import { z } from 'zod';

/** MCP servers (issue 20): admins register them, their tools reach the chat, users keep their own credentials. */

export const McpTransport = z.enum(['stdio', 'http']);
export type McpTransport = z.infer<typeof McpTransport>;

export const McpApproval = z.enum(['auto', 'ask']);
export type McpApproval = z.infer<typeof McpApproval>;

export const McpTool = z.object({
  name: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  approval: McpApproval,
});
export type McpTool = z.infer<typeof McpTool>;

/**
 * A credential each user sets for themselves: sent as the header `name` (HTTP) or the environment variable
 * `name` (stdio), its value `template` with `{key}` replaced by the user's key (e.g. "Bearer {key}").
 */
export const McpUserCredential = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Letters, digits, "-" and "_" only'),
  template: z.string().trim().max(200).includes('{key}', { message: 'Must contain {key}' }),
});
export type McpUserCredential = z.infer<typeof McpUserCredential>;

const EnvMap = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,100}$/, 'Not a valid variable name'), z.string().max(4000))
  .refine((env) => Object.keys(env).length <= 50, 'At most 50 variables');

export const McpServer = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  transport: McpTransport,
  command: z.string().nullable(),
  args: z.array(z.string()),
  /** The names of the environment variables set for a stdio server; values never leave the server. */
  env_names: z.array(z.string()),
  url: z.string().nullable(),
  user_credential: McpUserCredential.nullable(),
  /** Each user signs in at the server with OAuth (HTTP servers only); their tokens are kept sealed, per user. */
  user_oauth: z.boolean(),
  /** The client id the admin registered at the server beforehand (its secret is never shown); null: dynamic. */
  oauth_client_id: z.string().nullable(),
  everyone: z.boolean(),
  organization_ids: z.array(z.string()),
  group_ids: z.array(z.string()),
  enabled: z.boolean(),
  tools: z.array(McpTool),
  tools_refreshed_at: z.string().nullable(),
  created_at: z.string(),
});
export type McpServer = z.infer<typeof McpServer>;

export const McpServersResponse = z.object({
  servers: z.array(McpServer),
  /** Whether the server's MCP_STDIO_COMMANDS allows any stdio command, and which. */
  stdio_commands: z.array(z.string()),
});
export type McpServersResponse = z.infer<typeof McpServersResponse>;

export const McpServerBody = z.object({
  name: z.string().trim().min(1).max(100),
  transport: McpTransport,
  command: z.string().trim().min(1).max(500).nullable().optional(),
  args: z.array(z.string().max(2000)).max(50).optional(),
  /** Replaces every variable when given; omitted on an update keeps them. */
  env: EnvMap.optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .optional(),
  user_credential: McpUserCredential.nullable().optional(),
  /** HTTP only, and not together with user_credential. */
  user_oauth: z.boolean().default(false),
  /**
   * For OAuth servers without dynamic client registration: the client registered there for Hearth (its redirect
   * URL is `<PUBLIC_URL>/api/mcp/oauth/callback`). Omitted on an update keeps it; null removes it.
   */
  oauth_client: z
    .object({
      client_id: z.string().trim().min(1).max(500),
      client_secret: z.string().trim().max(2000).optional(),
    })
    .nullable()
    .optional(),
  everyone: z.boolean().default(true),
  organization_ids: z.array(z.string().min(1).max(200)).max(200).default([]),
  group_ids: z.array(z.string().min(1).max(200)).max(200).default([]),
  enabled: z.boolean().default(true),
});
export type McpServerBody = z.input<typeof McpServerBody>;

export const McpServerIdParams = z.object({ id: z.string().min(1).max(200) });
export type McpServerIdParams = z.infer<typeof McpServerIdParams>;

export const McpToolParams = z.object({ id: z.string().min(1).max(200), tool: z.string().min(1).max(200) });
export type McpToolParams = z.infer<typeof McpToolParams>;

export const McpToolUpdateBody = z.object({ enabled: z.boolean().optional(), approval: McpApproval.optional() });
export type McpToolUpdateBody = z.infer<typeof McpToolUpdateBody>;

/** A server as a user sees it: what it offers and whether their own credential is set (never the credential). */
export const McpAvailableServer = z.object({
  id: z.string(),
  name: z.string(),
  needs_credential: z.boolean(),
  /** The credential is an OAuth sign-in at the server ("Connect"), not a key typed here. */
  oauth: z.boolean(),
  credential_set: z.boolean(),
  tools: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type McpAvailableServer = z.infer<typeof McpAvailableServer>;

export const McpAvailableServersResponse = z.object({ servers: z.array(McpAvailableServer) });
export type McpAvailableServersResponse = z.infer<typeof McpAvailableServersResponse>;

export const McpCredentialBody = z.object({ key: z.string().trim().min(1).max(4000) });
export type McpCredentialBody = z.infer<typeof McpCredentialBody>;

/** Where to send the browser to sign in at the server (the flow is bound to this browser by a cookie). */
export const McpOAuthStartResponse = z.object({ authorization_url: z.string() });
export type McpOAuthStartResponse = z.infer<typeof McpOAuthStartResponse>;

/** The authorization server's redirect back: a code, or an error (RFC 6749 §4.1.2). */
export const McpOAuthCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});
export type McpOAuthCallbackQuery = z.infer<typeof McpOAuthCallbackQuery>;
