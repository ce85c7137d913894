import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A real MCP server (the official SDK's McpServer) for tests: `add`, `lookup_order` and `whoami`, which answers
 * with the key this connection carried (the `x-api-key` header over HTTP, FAKE_MCP_KEY over stdio) so tests see
 * whose key reached the server.
 */
export function buildFakeMcpServer(keyOf: (headers: Record<string, unknown> | undefined) => string | null): McpServer {
  const server = new McpServer({ name: 'fake-mcp', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool(
    'lookup_order',
    { description: 'Looks up an order by its number.', inputSchema: { order_id: z.string() } },
    ({ order_id: id }) => ({ content: [{ type: 'text', text: `Order ${id}: shipped on 2026-11-20` }] }),
  );
  server.registerTool('whoami', { description: 'Says which key the call carried.' }, (extra) => ({
    content: [{ type: 'text', text: `key: ${keyOf(extra.requestInfo?.headers) ?? 'none'}` }],
  }));
  return server;
}

/** Where the stdio entry point lives: run it with `node --import tsx <path>`. */
export const FAKE_MCP_STDIO_SCRIPT = fileURLToPath(new URL('./fake-mcp-stdio.ts', import.meta.url));

export interface FakeMcpHttp {
  url: string;
  /** The x-api-key header of every request, in order ('' when absent). */
  keys: string[];
  close(): Promise<void>;
}

/** The fake over Streamable HTTP (stateless: a fresh server per request) on a loopback port, at /mcp. */
export async function startFakeMcpHttp(): Promise<FakeMcpHttp> {
  const keys: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (!request.url?.startsWith('/mcp')) {
      response.writeHead(404).end();
      return;
    }
    keys.push(String(request.headers['x-api-key'] ?? ''));
    const mcp = buildFakeMcpServer((headers) => (headers?.['x-api-key'] as string | undefined) ?? null);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    void mcp
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    keys,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The fake over the older HTTP+SSE transport only (GET /sse opens the stream, POST /messages carries requests);
 * a Streamable HTTP POST to /sse gets 405, as such servers answer.
 */
export async function startFakeMcpSse(): Promise<FakeMcpHttp> {
  const keys: string[] = [];
  const sessions = new Map<string, SSEServerTransport>();
  const server: Server = createServer((request: IncomingMessage, response) => {
    keys.push(String(request.headers['x-api-key'] ?? ''));
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/sse') {
      const key = (request.headers['x-api-key'] as string | undefined) ?? null;
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      response.on('close', () => sessions.delete(transport.sessionId));
      void buildFakeMcpServer(() => key).connect(transport);
      return;
    }
    const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (request.method === 'POST' && url.pathname === '/messages' && transport) {
      void transport.handlePostMessage(request, response);
      return;
    }
    response.writeHead(request.method === 'POST' ? 405 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sse`,
    keys,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
