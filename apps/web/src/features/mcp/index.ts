/** The MCP feature's public surface (issue 20): the admins' servers card and everyone's "my keys" card. */
export { McpServersCard } from './components/mcp-servers-card';
export { MyMcpServersCard } from './components/my-mcp-servers-card';
