/** The models feature's public surface: what other features may use (ARCHITECTURE.md). */
export {
  ProviderError,
  type ChatRequest,
  type ChatTurn,
  type ToolCallRequest,
  type ToolSpec,
  type ListedModel,
  type ModelProvider,
  type ModelRegistry,
  type ScopedModelRegistry,
} from './model-provider';
export { type ProviderRegistry } from './model-registry';
