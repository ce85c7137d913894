import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditService } from '../audit';
import { McpAdminService, type McpLimits } from './mcp-admin.service';
import { McpConnector } from './mcp-connector';
import { McpCredentialRepository } from './mcp-credential.repository';
import { McpCredentialResolver } from './mcp-credentials';
import { McpServerRepository } from './mcp-server.repository';
import { McpUserService } from './mcp-user.service';

/**
 * Admins configure MCP servers like model runtimes: the configured URL may be on loopback or the LAN (never
 * metadata, link-local or reserved addresses); a redirect to another origin gets the policy of user-supplied URLs.
 */
const MCP_URL_POLICY: SsrfPolicy = { allowPrivate: true };

const DEFAULT_LIMITS: McpLimits = { listTimeoutMs: 20_000, callTimeoutMs: 60_000 };

export interface McpFeatureDeps {
  config: Pick<Config, 'SECRET' | 'MCP_STDIO_COMMANDS'>;
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  /** Public addresses plus the admin's intranet allowlist (Admin → Network). */
  userUrlPolicy: () => Promise<SsrfPolicy>;
  limits?: Partial<McpLimits>;
  lookup?: Lookup;
}

/** MCP servers (issue 20): the admin service, the user service (also the chat's ToolSource) and a close hook. */
export function buildMcpFeature({ config, db, uow, audit, userUrlPolicy, limits, lookup }: McpFeatureDeps) {
  const network = { policy: MCP_URL_POLICY, redirectPolicy: userUrlPolicy, lookup };
  const connector = new McpConnector(config.MCP_STDIO_COMMANDS, network);
  const servers = new McpServerRepository(db.kysely);
  const credentials = new McpCredentialRepository(db.kysely);
  const boxes = {
    env: new SecretBox(config.SECRET, 'mcp-server-env'),
    credentials: new SecretBox(config.SECRET, 'mcp-user-credentials'),
    oauthFlow: new SecretBox(config.SECRET, 'mcp-oauth-flow'),
  };
  const resolver = new McpCredentialResolver(credentials, boxes, uow);
  const allLimits = { ...DEFAULT_LIMITS, ...limits };
  const admin = new McpAdminService(
    servers,
    resolver,
    connector,
    network,
    boxes,
    allLimits,
    config.MCP_STDIO_COMMANDS,
    uow,
    audit,
  );
  const user = new McpUserService(servers, credentials, resolver, connector, boxes, allLimits, uow, audit);
  return {
    mcpAdmin: admin,
    mcpUser: user,
    /** The chat's tool source for MCP tools. */
    toolSource: user,
    /** Closes connections still open (calls in flight at shutdown). */
    close: () => connector.close(),
  };
}

export type McpFeature = ReturnType<typeof buildMcpFeature>;
