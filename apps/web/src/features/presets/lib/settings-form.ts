import { ChatSettings } from '@hearth/contract';

/** The settings form's values: numbers as typed (empty means "the default"). */
export interface SettingsForm {
  system_prompt: string;
  temperature: string;
  top_p: string;
  max_tokens: string;
  context_size: string;
  model: string;
  collection_ids: string[];
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function toForm(settings: ChatSettings): SettingsForm {
  return {
    system_prompt: settings.system_prompt ?? '',
    temperature: text(settings.temperature),
    top_p: text(settings.top_p),
    max_tokens: text(settings.max_tokens),
    context_size: text(settings.context_size),
    model: settings.model ?? '',
    collection_ids: settings.collection_ids ?? [],
  };
}

const LABELS: Record<string, string> = {
  temperature: 'Temperature must be between 0 and 2.',
  top_p: 'Top P must be between 0 and 1.',
  max_tokens: 'Max tokens must be a whole number from 1 to 131072.',
  context_size: 'Context size must be a whole number from 256 to 1048576.',
  system_prompt: 'The system prompt is too long (at most 20,000 characters).',
};

/** The form as settings, or the first problem in words. Fields left empty are left out (the defaults apply). */
export function fromForm(form: SettingsForm): { settings: ChatSettings } | { problem: string } {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  const candidate = {
    system_prompt: form.system_prompt.trim() ? form.system_prompt : undefined,
    temperature: number(form.temperature),
    top_p: number(form.top_p),
    max_tokens: number(form.max_tokens),
    context_size: number(form.context_size),
    model: form.model || undefined,
    collection_ids: form.collection_ids.length > 0 ? form.collection_ids : undefined,
  };
  const parsed = ChatSettings.safeParse(candidate);
  if (parsed.success) return { settings: parsed.data };
  const field = String(parsed.error.issues[0]?.path[0] ?? '');
  return { problem: LABELS[field] ?? 'Check the settings.' };
}
