import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../../lib/secret-box';

export const MCP_OAUTH_CALLBACK_PATH = '/api/mcp/oauth/callback';
export const MCP_OAUTH_COOKIE = 'hearth_mcp_oauth';
export const MCP_OAUTH_COOKIE_PATH = '/api/mcp/oauth';
/** Long enough to sign in (and answer a second factor) at the server's authorization page. */
export const MCP_OAUTH_FLOW_TTL_SECONDS = 600;

/** One user's OAuth sign-in at one server, sealed in mcp_user_credentials. */
export interface StoredOAuth {
  /** The client Hearth registered (or was given) at the authorization server for this user. */
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** The redirect URL the client was registered with. */
  redirectUrl: string;
}

/** What one Connect must remember between leaving for the authorization server and coming back. */
export interface McpOAuthFlow {
  userId: string;
  serverId: string;
  state: string;
  verifier: string;
  /** The client registered for this user during Connect; null when the admin configured one for the server. */
  client: OAuthClientInformationMixed | null;
  redirectUrl: string;
  expiresAt: number;
}

/**
 * The flow lives in a sealed (encrypted, authenticated), HttpOnly cookie: nothing to sweep, any replica can finish
 * it, and it binds the callback to the browser and the user that started it.
 */
export function sealOAuthFlow(box: SecretBox, flow: McpOAuthFlow): string {
  return box.seal(JSON.stringify(flow));
}

export function openOAuthFlow(box: SecretBox, value: string | undefined, now = Date.now()): McpOAuthFlow | null {
  if (!value) return null;
  try {
    const flow = JSON.parse(box.open(value)) as McpOAuthFlow;
    return typeof flow.state === 'string' && flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}

export const oauthRequired = (serverName: string) =>
  AppError.badRequest(
    `"${serverName}" needs you to sign in at it: use Connect in Workspace → Tools → My MCP servers, then try again.`,
  );

/**
 * The SDK's OAuth client for one user at one server, over their stored sign-in. Interactive while connecting (it
 * records where to send the browser); otherwise a call that would need a new sign-in fails with a clear message.
 * `changed` tells the caller to store what the SDK saved (a refreshed token, a dropped one).
 */
export class McpOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  changed = false;
  private verifier: string | undefined;

  constructor(
    private data: StoredOAuth,
    private readonly options: { serverName: string; interactive: boolean; state?: string; verifier?: string },
  ) {
    this.verifier = options.verifier;
  }

  get redirectUrl(): string {
    return this.data.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Hearth',
      redirect_uris: [this.data.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.options.state ?? '';
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.data.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.data = { ...this.data, client };
    this.changed = true;
  }

  tokens(): OAuthTokens | undefined {
    return this.data.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.data = { ...this.data, tokens };
    this.changed = true;
  }

  redirectToAuthorization(url: URL): void {
    if (!this.options.interactive) {
      // The SDK needs a new sign-in (the refresh was refused): what is stored no longer works.
      this.data = { ...this.data, tokens: undefined };
      this.changed = true;
      throw oauthRequired(this.options.serverName);
    }
    // The browser is sent there: only a web address, never javascript: or data:.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw AppError.badRequest(`"${this.options.serverName}" named an authorization page that is not a web address.`);
    }
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw oauthRequired(this.options.serverName);
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.data = { ...this.data, client: undefined };
    if (scope === 'all' || scope === 'tokens') this.data = { ...this.data, tokens: undefined };
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    this.changed = true;
  }

  /** The verifier saved while starting the authorization (kept in the flow cookie). */
  savedVerifier(): string | undefined {
    return this.verifier;
  }

  stored(): StoredOAuth {
    return this.data;
  }
}
