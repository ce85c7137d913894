import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AppError } from '../../http/errors';
import { guardedFetch } from '../../http/guarded-fetch';
import type { Lookup, SsrfPolicy } from '../../http/ssrf-guard';
import { VERSION } from '../../version';

/** Where and how to reach one server for one user (the user's credential already placed in headers or env). */
export type McpTarget =
  | { transport: 'stdio'; name: string; command: string; args: string[]; env: Record<string, string> }
  | {
      transport: 'http';
      name: string;
      url: string;
      headers: Record<string, string>;
      /** The user's OAuth sign-in at the server: the SDK adds their token and refreshes it when it expires. */
      auth?: OAuthClientProvider;
    };

export interface McpNetwork {
  /** The policy for the configured URL (admins configure it, like a model runtime). */
  policy: SsrfPolicy;
  /** The policy for redirects elsewhere (the admin's intranet allowlist, public addresses). */
  redirectPolicy: () => Promise<SsrfPolicy>;
  lookup?: Lookup;
}

export interface ListedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** The longest tool result handed to the model, in characters. */
export const MAX_RESULT_CHARS = 20_000;
const MAX_TOOLS = 200;
const MAX_TOOL_NAME = 128;
const MAX_SCHEMA_CHARS = 50_000;

/**
 * Opens SDK clients to MCP servers: stdio through the allowed executables only, HTTP (Streamable HTTP, else
 * the older SSE transport) through the guarded fetch. Every open client is tracked so shutdown closes them.
 */
export class McpConnector {
  private readonly open = new Set<Client>();

  constructor(
    private readonly allowedCommands: readonly string[],
    private readonly network: McpNetwork,
  ) {}

  /** Refuses a command that is not on MCP_STDIO_COMMANDS (checked when saved and again when started). */
  checkCommand(command: string): void {
    if (this.allowedCommands.length === 0) {
      throw AppError.badRequest('stdio MCP servers are disabled on this server (MCP_STDIO_COMMANDS is empty).', {
        field: 'command',
      });
    }
    if (!this.allowedCommands.includes(command)) {
      throw AppError.badRequest(
        `The command "${command}" is not allowed. Allowed commands (MCP_STDIO_COMMANDS): ${this.allowedCommands.join(', ')}.`,
        { field: 'command' },
      );
    }
  }

  async listTools(target: McpTarget, signal: AbortSignal, timeoutMs: number): Promise<ListedTool[]> {
    return this.with(target, signal, timeoutMs, async (client) => {
      const tools: ListedTool[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : undefined, { signal, timeout: timeoutMs });
        for (const tool of page.tools) {
          // A name no route or model could carry is left out; an oversized schema becomes "any object".
          if (tool.name.length === 0 || tool.name.length > MAX_TOOL_NAME) continue;
          const schema =
            JSON.stringify(tool.inputSchema).length > MAX_SCHEMA_CHARS ? { type: 'object' } : tool.inputSchema;
          tools.push({
            name: tool.name,
            description: (tool.description ?? tool.title ?? '').slice(0, 4000),
            inputSchema: schema as Record<string, unknown>,
          });
        }
        cursor = page.nextCursor;
      } while (cursor && tools.length < MAX_TOOLS);
      return tools.slice(0, MAX_TOOLS);
    });
  }

  async callTool(
    target: McpTarget,
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<string> {
    return this.with(target, signal, timeoutMs, async (client) => {
      const result = await client.callTool({ name, arguments: args }, undefined, { signal, timeout: timeoutMs });
      const text = flattenResult(result as { content?: unknown; structuredContent?: unknown });
      if (result.isError === true) throw new Error(text || `The tool ${name} failed.`);
      return text;
    });
  }

  /**
   * The SDK's OAuth steps for the server at `url` (discovery, client registration, PKCE, then the code exchange
   * when `authorizationCode` is given), every request through the guard. REDIRECT: the provider holds the page to
   * send the browser to.
   */
  async authorize(
    url: string,
    provider: OAuthClientProvider,
    signal: AbortSignal,
    authorizationCode?: string,
  ): Promise<'AUTHORIZED' | 'REDIRECT'> {
    const server = new URL(url);
    try {
      return await auth(provider, { serverUrl: server, authorizationCode, fetchFn: this.fetchFor(server, signal) });
    } catch (error) {
      if (error instanceof AppError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw AppError.badRequest(`Could not sign in at the MCP server: ${message}`);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.open].map((client) => client.close().catch(() => undefined)));
    this.open.clear();
  }

  /** One connection per use: opened for the call, closed after it whatever happens. */
  private async with<T>(
    target: McpTarget,
    signal: AbortSignal,
    timeoutMs: number,
    work: (client: Client) => Promise<T>,
  ): Promise<T> {
    if (signal.aborted) throw new Error('The call was stopped.');
    const client = new Client({ name: 'hearth', version: VERSION });
    this.open.add(client);
    try {
      await this.connect(client, target, signal, timeoutMs);
      return await work(client);
    } catch (error) {
      throw describeFailure(target, error);
    } finally {
      this.open.delete(client);
      await client.close().catch(() => undefined);
    }
  }

  private async connect(client: Client, target: McpTarget, signal: AbortSignal, timeoutMs: number): Promise<void> {
    const options = { signal, timeout: timeoutMs };
    if (target.transport === 'stdio') {
      this.checkCommand(target.command);
      const transport = new StdioClientTransport({
        command: target.command,
        args: target.args,
        env: { ...getDefaultEnvironment(), ...target.env },
        stderr: 'ignore',
      });
      await client.connect(transport, options);
      return;
    }
    const url = new URL(target.url);
    const fetch = this.fetchFor(url);
    const requestInit = { headers: target.headers };
    const authProvider = target.auth;
    try {
      await client.connect(
        new StreamableHTTPClientTransport(url, { fetch, requestInit, authProvider }) as Transport,
        options,
      );
    } catch (error) {
      if (error instanceof AppError || signal.aborted) throw error;
      // Servers of the older protocol answer the Streamable HTTP POST with 4xx: try the SSE transport.
      await client.close().catch(() => undefined);
      await client.connect(new SSEClientTransport(url, { fetch, requestInit, authProvider }), options);
    }
  }

  /**
   * The SDK's fetch, through the guard; redirects come back to the SDK, which follows same-origin ones only. The
   * configured server's origin gets the admin's policy; any other address the server names (an OAuth
   * authorization server) gets the policy of user-supplied URLs.
   */
  private fetchFor(server: URL, signal?: AbortSignal): FetchLike {
    const network = this.network;
    return async (url, init) => {
      let body = init?.body;
      if (body instanceof URLSearchParams) body = body.toString();
      if (body !== undefined && body !== null && typeof body !== 'string') throw new Error('Unsupported request body');
      const policy = new URL(url).origin === server.origin ? network.policy : await network.redirectPolicy();
      const { response } = await guardedFetch(
        url,
        {
          method: init?.method,
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          body: body ?? undefined,
          signal: init?.signal ?? signal,
        },
        { policy, redirectPolicy: network.redirectPolicy, lookup: network.lookup, maxRedirects: 0 },
      );
      return response as unknown as Response;
    };
  }
}

/** Text parts as they are; anything else described in a line. Capped at MAX_RESULT_CHARS. */
export function flattenResult(result: { content?: unknown; structuredContent?: unknown }): string {
  const parts: string[] = [];
  const content = Array.isArray(result.content) ? (result.content as { type?: string; [key: string]: unknown }[]) : [];
  for (const part of content) {
    if (part.type === 'text' && typeof part.text === 'string') parts.push(part.text);
    else if (part.type === 'image' || part.type === 'audio') parts.push(`[${part.type}: ${String(part.mimeType)}]`);
    else if (part.type === 'resource_link') parts.push(`[resource: ${String(part.uri)}]`);
    else if (part.type === 'resource') {
      const resource = part.resource as { uri?: string; text?: string } | undefined;
      parts.push(typeof resource?.text === 'string' ? resource.text : `[resource: ${String(resource?.uri)}]`);
    } else parts.push(`[${String(part.type)} content]`);
  }
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent));
  const text = parts.join('\n');
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}\n[truncated]` : text;
}

function describeFailure(target: McpTarget, error: unknown): Error {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`MCP server "${target.name}": ${message}`);
}
