/** The MCP feature's public surface (ARCHITECTURE.md): its builder, whose `toolSource` feeds the chat's tools. */
export { buildMcpFeature, type McpFeature } from './mcp-feature';
