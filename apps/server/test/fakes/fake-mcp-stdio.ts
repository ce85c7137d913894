import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildFakeMcpServer } from './fake-mcp';

/** The fake MCP server over stdio (`node --import tsx fake-mcp-stdio.ts`); its key comes from FAKE_MCP_KEY. */
const server = buildFakeMcpServer(() => process.env.FAKE_MCP_KEY ?? null);
await server.connect(new StdioServerTransport());
