import { ChatSettings } from '@hearth/contract';
import { i18n } from '../../../lib/i18n';

/** The settings form's values: numbers as typed (empty means "the default"). */
export interface SettingsForm {
  system_prompt: string;
  temperature: string;
  top_p: string;
  max_tokens: string;
  context_size: string;
  model: string;
  collection_ids: string[];
  /** null: every tool the user may use (issue 20). */
  tool_names: string[] | null;
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
    tool_names: settings.tool_names ?? null,
  };
}

const PROBLEMS: Record<string, () => string> = {
  temperature: () => i18n.t('presets:problems.temperature'),
  top_p: () => i18n.t('presets:problems.topP'),
  max_tokens: () => i18n.t('presets:problems.maxTokens'),
  context_size: () => i18n.t('presets:problems.contextSize'),
  system_prompt: () => i18n.t('presets:problems.systemPrompt'),
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
    tool_names: form.tool_names ?? undefined,
  };
  const parsed = ChatSettings.safeParse(candidate);
  if (parsed.success) return { settings: parsed.data };
  const field = String(parsed.error.issues[0]?.path[0] ?? '');
  return { problem: PROBLEMS[field]?.() ?? i18n.t('presets:problems.other') };
}
