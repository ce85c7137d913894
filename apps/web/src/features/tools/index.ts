/** The tools feature's public surface: what other features may use. */
export { useAvailableTools } from './api/available-tools';
export { ToolChoiceFields } from './components/tool-choice-fields';
