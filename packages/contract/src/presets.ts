import { z } from 'zod';

/** Limits on what one chat or preset may carry (issue 17). */
export const CHAT_SYSTEM_PROMPT_MAX_CHARS = 20_000;
export const PRESET_STARTERS_MAX = 8;
export const PRESET_LIMIT = 200;
export const PRESET_NAME_REQUIRED = 'Give the preset a name.';

/**
 * A chat's own settings, also what a preset carries. Every field is optional: what is left out falls back to
 * the defaults of a new chat (the browser's conversation preferences and the model picker's choice).
 */
export const ChatSettings = z.object({
  system_prompt: z.string().max(CHAT_SYSTEM_PROMPT_MAX_CHARS).optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  max_tokens: z.number().int().min(1).max(131_072).optional(),
  /** The context window to plan the prompt for, in tokens (never more than the model's own). */
  context_size: z.number().int().min(256).max(1_048_576).optional(),
  model: z.string().trim().min(1).max(300).optional(),
  provider_id: z.string().max(200).optional(),
  /** Knowledge collections searched for this chat's answers (access is checked at search time). */
  collection_ids: z.array(z.string().max(100)).max(100).optional(),
  /** Only these tools are offered to this chat's answers (issue 20); absent: every tool the user may use. */
  tool_names: z
    .array(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/))
    .max(200)
    .optional(),
});
export type ChatSettings = z.infer<typeof ChatSettings>;

export const ConversationSettings = z.object({
  settings: ChatSettings,
  /** The preset the chat started from, when it still exists and the caller may use it. */
  preset: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ConversationSettings = z.infer<typeof ConversationSettings>;

export const UpdateConversationSettingsBody = z.object({ settings: ChatSettings });
export type UpdateConversationSettingsBody = z.infer<typeof UpdateConversationSettingsBody>;

const Starter = z.string().trim().min(1).max(500);

export const Preset = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    settings: ChatSettings,
    starters: z.array(z.string()),
    /** Shared with the owner's organisation. */
    shared: z.boolean(),
    owned: z.boolean(),
    /** The owner's name, for presets of others. */
    author: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Preset' });
export type Preset = z.infer<typeof Preset>;

export const PresetListResponse = z.object({ presets: z.array(Preset) });
export type PresetListResponse = z.infer<typeof PresetListResponse>;

export const CreatePresetBody = z.object({
  name: z.string().max(100),
  description: z.string().max(500).nullable().optional(),
  settings: ChatSettings.default({}),
  starters: z.array(Starter).max(PRESET_STARTERS_MAX).default([]),
  shared: z.boolean().default(false),
});
export type CreatePresetBody = z.input<typeof CreatePresetBody>;

export const UpdatePresetBody = z.object({
  name: z.string().max(100).optional(),
  description: z.string().max(500).nullable().optional(),
  settings: ChatSettings.optional(),
  starters: z.array(Starter).max(PRESET_STARTERS_MAX).optional(),
  shared: z.boolean().optional(),
});
export type UpdatePresetBody = z.input<typeof UpdatePresetBody>;
