import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildFakeMcpServer } from './fake-mcp';

export interface FakeMcpOAuth {
  /** The MCP endpoint (`<origin>/mcp`); the same origin is its own authorization server. */
  url: string;
  /** The login each /mcp request's token belonged to, in order ('' when it carried no valid token). */
  logins: string[];
  /** The grant_type of every /token request, in order. */
  grants: string[];
  /** The client id each /token request authenticated as (secret checked when the client has one), in order. */
  tokenClients: string[];
  /** Every access token issued so far stops working (as when they expire): the next call must refresh. */
  expireTokens(): void;
  /** Refresh tokens stop working too (the user revoked access at the server). */
  revokeAll(): void;
  /** Submits the authorization page as `login` (what a person does there); returns where it redirects. */
  approve(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * An MCP server behind OAuth 2.1 as the MCP authorization spec describes it, on one loopback origin: protected
 * resource metadata, authorization server metadata, dynamic client registration, an authorization page with a
 * "Username" field and an Allow button, PKCE (S256) at /token, refresh tokens, and /mcp answering 401 with
 * `WWW-Authenticate` until a valid token comes. `whoami` answers with the login the token was issued to.
 */
export interface FakeMcpOAuthOptions {
  /** Dynamic client registration offered (default); false: only `clients` may sign in. */
  registration?: boolean;
  /** Clients registered beforehand (any redirect URL), with their secret. */
  clients?: Record<string, { secret: string }>;
}

export async function startFakeMcpOAuth(options: FakeMcpOAuthOptions = {}): Promise<FakeMcpOAuth> {
  const registration = options.registration ?? true;
  // Redirect URLs per client; null: registered beforehand, any redirect URL.
  const clients = new Map<string, { redirectUris: string[] | null; secret?: string }>(
    Object.entries(options.clients ?? {}).map(([id, { secret }]) => [id, { redirectUris: null, secret }]),
  );
  const tokenClients: string[] = [];
  const codes = new Map<string, { clientId: string; challenge: string; redirectUri: string; login: string }>();
  const access = new Map<string, string>();
  const refresh = new Map<string, string>();
  const logins: string[] = [];
  const grants: string[] = [];
  let origin = '';

  const issue = (login: string) => {
    const pair = { access_token: token('at'), refresh_token: token('rt') };
    access.set(pair.access_token, login);
    refresh.set(pair.refresh_token, login);
    return { ...pair, token_type: 'Bearer', expires_in: 3600 };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    const path = url.pathname;
    if (path.startsWith('/.well-known/oauth-protected-resource')) {
      return json(response, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    }
    if (path === '/.well-known/oauth-authorization-server') {
      return json(response, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        ...(registration && { registration_endpoint: `${origin}/register` }),
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      });
    }
    if (path === '/register' && request.method === 'POST' && registration) {
      const body = JSON.parse(await readBody(request)) as { redirect_uris?: string[] };
      const clientId = token('client');
      clients.set(clientId, { redirectUris: body.redirect_uris ?? [] });
      return json(response, 201, { ...body, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000) });
    }
    if (path === '/authorize' && request.method === 'GET') {
      const hidden = [...url.searchParams]
        .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
        .join('');
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>Fake MCP sign-in</title><form method="post" action="/authorize">${hidden}` +
            `<label>Username <input name="login" required></label><button type="submit">Allow</button></form>`,
        );
      return;
    }
    if (path === '/authorize' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const clientId = form.get('client_id') ?? '';
      const redirectUri = form.get('redirect_uri') ?? '';
      const client = clients.get(clientId);
      const redirectOk =
        client !== undefined && (client.redirectUris === null || client.redirectUris.includes(redirectUri));
      if (!redirectOk || form.get('code_challenge_method') !== 'S256') {
        return json(response, 400, { error: 'invalid_request' });
      }
      const code = token('code');
      codes.set(code, {
        clientId,
        challenge: form.get('code_challenge') ?? '',
        redirectUri,
        login: form.get('login') ?? '',
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', form.get('state') ?? '');
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (path === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const grant = form.get('grant_type') ?? '';
      grants.push(grant);
      // client_secret_basic, else client_secret_post / none.
      const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      const [basicId, basicSecret] = basic
        ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
        : [];
      const clientId = basicId ?? form.get('client_id') ?? '';
      const secret = basicSecret ?? form.get('client_secret') ?? undefined;
      const client = clients.get(clientId);
      if (!client || (client.secret !== undefined && client.secret !== secret)) {
        return json(response, 401, { error: 'invalid_client' });
      }
      tokenClients.push(clientId);
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!code || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri')) {
          return json(response, 400, { error: 'invalid_grant' });
        }
        return json(response, 200, issue(code.login));
      }
      const login = refresh.get(form.get('refresh_token') ?? '');
      if (grant !== 'refresh_token' || login === undefined) return json(response, 400, { error: 'invalid_grant' });
      refresh.delete(form.get('refresh_token') ?? '');
      return json(response, 200, issue(login));
    }
    if (path.startsWith('/mcp')) {
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
      const login = access.get(bearer);
      logins.push(login ?? '');
      if (login === undefined) {
        response
          .writeHead(401, {
            'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
          })
          .end();
        return;
      }
      const mcp = buildFakeMcpServer(() => login);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(request, response);
      return;
    }
    response.writeHead(404).end();
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    logins,
    grants,
    tokenClients,
    expireTokens: () => access.clear(),
    revokeAll: () => {
      access.clear();
      refresh.clear();
    },
    approve: async (authorizationUrl, login) => {
      const params = new URL(authorizationUrl).searchParams;
      params.set('login', login);
      const response = await fetch(`${origin}/authorize`, { method: 'POST', body: params, redirect: 'manual' });
      return response.headers.get('location') ?? '';
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
