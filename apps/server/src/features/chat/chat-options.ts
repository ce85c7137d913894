import type { ChatSettings, RegenerateBody } from '@hearth/contract';
import type { z } from 'zod';

export type AnswerOptions = z.output<typeof RegenerateBody>;

/** A chat's answering options with its own settings applied (issue 17): what the runner answers with. */
export interface ChatOptions extends AnswerOptions {
  /** The chat's system prompt: it takes the place of Hearth's default persona. */
  systemPrompt?: string;
  topP?: number;
  maxTokens?: number;
  /** Plan the prompt for at most this many tokens of context. */
  contextSize?: number;
  /** Only these tools are offered (the chat's or its preset's choice); absent: all of the user's tools. */
  toolNames?: string[];
}

/**
 * The request's options overridden by the chat's own settings: the chat's system prompt, parameters and
 * collections win over the browser's defaults; the model stays the one the request names (the model picker
 * shows and sends the chat's model).
 */
export function applySettings(options: AnswerOptions, settings: ChatSettings): ChatOptions {
  return {
    ...options,
    ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
    ...(settings.collection_ids?.length ? { selectedCollections: settings.collection_ids } : {}),
    ...(settings.system_prompt?.trim() ? { systemPrompt: settings.system_prompt } : {}),
    ...(settings.top_p === undefined ? {} : { topP: settings.top_p }),
    ...(settings.max_tokens === undefined ? {} : { maxTokens: settings.max_tokens }),
    ...(settings.context_size === undefined ? {} : { contextSize: settings.context_size }),
    ...(settings.tool_names === undefined ? {} : { toolNames: settings.tool_names }),
  };
}

/** The context window to plan for: the chat's size, never more than the model's own. */
export function contextWindow(model: number | null, chat: number | undefined): number | null {
  if (chat === undefined) return model;
  return model === null ? chat : Math.min(model, chat);
}
