import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelFunctions, GbnfJsonSchema } from 'node-llama-cpp';
import { type ChatTurn, parsedArguments, type ToolCallRequest, type ToolSpec } from '../model-provider';

/**
 * Function calling for GGUF models run by node-llama-cpp (issue 20): the model's chat template decides how calls
 * are written; node-llama-cpp constrains the arguments to the tool's schema with a grammar.
 */

/** The turns as node-llama-cpp history: an assistant turn's calls carry the results of the tool turns after it. */
export function toLlamaHistory(turns: ChatTurn[]): ChatHistoryItem[] {
  const results = new Map(turns.filter((turn) => turn.role === 'tool').map((turn) => [turn.toolCallId, turn.content]));
  const history: ChatHistoryItem[] = [];
  for (const turn of turns) {
    if (turn.role === 'tool') continue;
    if (turn.role !== 'assistant') {
      history.push({ type: turn.role, text: turn.content });
      continue;
    }
    const calls = (turn.toolCalls ?? []).map((call): ChatModelFunctionCall => ({
      type: 'functionCall',
      name: call.name,
      params: parsedArguments(call.arguments),
      result: results.get(call.id) ?? '',
    }));
    history.push({ type: 'model', response: [...(turn.content ? [turn.content] : []), ...calls] });
  }
  // The answer continues a model turn that just called tools; otherwise it is a new model turn.
  const last = history.at(-1);
  const continues = last?.type === 'model' && last.response.some((item) => typeof item !== 'string');
  if (!continues) history.push({ type: 'model', response: [] });
  return history;
}

export function toLlamaFunctions(tools: ToolSpec[]): ChatModelFunctions {
  return Object.fromEntries(
    tools.map((tool) => [tool.name, { description: tool.description, params: toGbnfSchema(tool.parameters) }]),
  );
}

export function fromLlamaCalls(calls: { functionName: string; params: unknown }[]): ToolCallRequest[] {
  return calls.map((call, index) => ({
    id: `call_${index}`,
    name: call.functionName,
    arguments: JSON.stringify(call.params ?? {}),
  }));
}

/** The part of a JSON schema the grammar understands (anything else is dropped: the tool still validates). */
function toGbnfSchema(schema: unknown): GbnfJsonSchema {
  const value = (schema ?? {}) as Record<string, unknown>;
  const description = typeof value.description === 'string' ? { description: value.description } : {};
  if (Array.isArray(value.enum)) return { enum: value.enum as (string | number | boolean | null)[], ...description };
  const variants = (value.oneOf ?? value.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants)) return { oneOf: variants.map(toGbnfSchema), ...description };
  switch (value.type) {
    case 'object': {
      const properties = (value.properties ?? {}) as Record<string, unknown>;
      return {
        type: 'object',
        properties: Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, toGbnfSchema(inner)])),
        ...description,
      } as GbnfJsonSchema;
    }
    case 'array':
      return { type: 'array', items: toGbnfSchema(value.items), ...description };
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { type: value.type, ...description };
    default:
      return { type: 'string', ...description };
  }
}
