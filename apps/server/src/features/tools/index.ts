/** The tools feature's public surface (ARCHITECTURE.md): tool sources, one answer's tool session, the builder. */
export { buildToolsFeature } from './tools-feature';
export { toolRoutes } from './tool.routes';
export type { ToolSession } from './tool-session';
export type { AvailableTool, ToolContext, ToolSource } from './tool-source';
