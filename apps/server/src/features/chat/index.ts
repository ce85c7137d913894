/** The chat feature's public surface: what other features may use (ARCHITECTURE.md). */
export { WORD, isContentWord, splitStatements } from './answer-support';
export {
  type ChatKnowledge,
  type KnowledgeContext,
  type KnowledgeLookup,
  type KnowledgeQuery,
} from './knowledge-context';
export { ModelCallError, errorCodeOf, runModel, type ModelAnswer } from './model-call';
export { estimateTokens } from './prompt-plan';
export type { ChatUsage, MeteredAnswer, UsageMeter } from './usage-meter';
