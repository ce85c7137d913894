import { z } from 'zod';

/**
 * The subset of OpenAI's Chat Completions wire format Hearth serves under /v1. Requests are loose objects:
 * clients send fields we do not use (top_p, seed, ...), and refusing them would break those clients.
 */
const TextPart = z.looseObject({ type: z.literal('text'), text: z.string() });
const ImagePart = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string(), detail: z.string().optional() }),
});

export const OpenAIToolCall = z.looseObject({
  id: z.string().max(200),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string().max(64), arguments: z.string().max(100_000) }),
});
export type OpenAIToolCall = z.infer<typeof OpenAIToolCall>;

/** A function the client offers the model; Hearth passes it on and returns the model's calls (it runs none). */
const OpenAITool = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
    description: z.string().max(10_000).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const OpenAIMessage = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z
    .union([z.string(), z.array(z.union([TextPart, ImagePart, z.looseObject({ type: z.string() })]))])
    .nullable()
    .optional(),
  name: z.string().optional(),
  /** An assistant turn that called tools (issue 20: clients that bring their own tools). */
  tool_calls: z.array(OpenAIToolCall).max(128).nullable().optional(),
  /** A tool turn: the call it answers. */
  tool_call_id: z.string().max(200).optional(),
});
export type OpenAIMessage = z.infer<typeof OpenAIMessage>;

export const OpenAIChatCompletionRequest = z.looseObject({
  model: z.string().min(1).max(300),
  messages: z.array(OpenAIMessage).min(1).max(10_000),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  max_tokens: z.number().int().min(1).nullable().optional(),
  max_completion_tokens: z.number().int().min(1).nullable().optional(),
  n: z.number().int().min(1).max(1).nullable().optional(),
  tools: z.array(OpenAITool).max(128).nullable().optional(),
});
export type OpenAIChatCompletionRequest = z.infer<typeof OpenAIChatCompletionRequest>;

export const OpenAIUsage = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});
export type OpenAIUsage = z.infer<typeof OpenAIUsage>;

export const OpenAIFinishReason = z.enum(['stop', 'length', 'tool_calls']).nullable();

export const OpenAIChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({
        role: z.literal('assistant'),
        content: z.string().nullable(),
        refusal: z.null(),
        tool_calls: z.array(OpenAIToolCall).optional(),
      }),
      logprobs: z.null(),
      finish_reason: OpenAIFinishReason,
    }),
  ),
  usage: OpenAIUsage,
});
export type OpenAIChatCompletion = z.infer<typeof OpenAIChatCompletion>;

export const OpenAIChatCompletionChunk = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({
        role: z.literal('assistant').optional(),
        content: z.string().optional(),
        tool_calls: z.array(OpenAIToolCall.extend({ index: z.number().int() })).optional(),
      }),
      logprobs: z.null(),
      finish_reason: OpenAIFinishReason,
    }),
  ),
  usage: OpenAIUsage.nullable().optional(),
});
export type OpenAIChatCompletionChunk = z.infer<typeof OpenAIChatCompletionChunk>;

export const OpenAIModel = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
});
export type OpenAIModel = z.infer<typeof OpenAIModel>;

export const OpenAIModelList = z.object({ object: z.literal('list'), data: z.array(OpenAIModel) });
export type OpenAIModelList = z.infer<typeof OpenAIModelList>;

/** Errors under /v1 use OpenAI's shape, so OpenAI clients raise their usual exceptions. */
export const OpenAIErrorBody = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    code: z.string().nullable(),
    param: z.string().nullable(),
  }),
});
export type OpenAIErrorBody = z.infer<typeof OpenAIErrorBody>;
