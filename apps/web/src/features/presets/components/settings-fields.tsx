import { CHAT_SYSTEM_PROMPT_MAX_CHARS } from '@hearth/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label';
import { TextField } from '../../../components/ui/text-field';
import { useCollections } from '../../knowledge';
import { useModels } from '../../models';
import { ToolChoiceFields } from '../../tools';
import type { SettingsForm } from '../lib/settings-form';

interface Props {
  value: SettingsForm;
  onChange: (patch: Partial<SettingsForm>) => void;
  /** Presets choose their model here; a chat's model is the one in the chat header's model picker. */
  withModel: boolean;
}

const areaClass =
  'min-h-24 rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

type NumberKey = 'temperature' | 'top_p' | 'max_tokens' | 'context_size';

/** System prompt, parameters, (model) and knowledge collections: what a chat or a preset carries. */
export function SettingsFields({ value, onChange, withModel }: Props) {
  const { t } = useTranslation('presets');
  /** The numeric parameters, typed as text (empty: the default applies). */
  const numberFields: {
    key: NumberKey;
    label: string;
    hint: string;
    inputMode: 'decimal' | 'numeric';
    placeholder: string;
  }[] = [
    {
      key: 'temperature',
      label: t('fields.temperature'),
      hint: t('fields.temperatureHint'),
      inputMode: 'decimal',
      placeholder: t('fields.default'),
    },
    {
      key: 'top_p',
      label: t('fields.topP'),
      hint: t('fields.topPHint'),
      inputMode: 'decimal',
      placeholder: t('fields.default'),
    },
    {
      key: 'max_tokens',
      label: t('fields.maxTokens'),
      hint: t('fields.maxTokensHint'),
      inputMode: 'numeric',
      placeholder: t('fields.default'),
    },
    {
      key: 'context_size',
      label: t('fields.contextSize'),
      hint: t('fields.contextSizeHint'),
      inputMode: 'numeric',
      placeholder: t('fields.modelsDefault'),
    },
  ];
  const promptId = useId();
  const modelId = useId();
  const models = useModels().data?.models ?? [];
  const collections = useCollections().data?.collections ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange({ collection_ids: on ? [...value.collection_ids, id] : value.collection_ids.filter((x) => x !== id) });

  return (
    <div className="grid gap-4">
      {withModel ? (
        <div className="grid gap-2">
          <Label htmlFor={modelId}>{t('fields.model')}</Label>
          <select
            id={modelId}
            value={value.model}
            onChange={(event) => onChange({ model: event.target.value })}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <option value="">{t('fields.pickersChoice')}</option>
            {value.model && !models.some((model) => model.name === value.model) ? (
              <option value={value.model}>{t('fields.notInstalled', { model: value.model })}</option>
            ) : null}
            {models.map((model) => (
              <option key={`${model.provider.id}:${model.name}`} value={model.name}>
                {model.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={promptId}>{t('fields.systemPrompt')}</Label>
        <textarea
          id={promptId}
          rows={5}
          value={value.system_prompt}
          maxLength={CHAT_SYSTEM_PROMPT_MAX_CHARS}
          placeholder={t('fields.systemPromptPlaceholder')}
          onChange={(event) => onChange({ system_prompt: event.target.value })}
          className={areaClass}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {numberFields.map(({ key, ...field }) => (
          <TextField key={key} {...field} value={value[key]} onValueChange={(typed) => onChange({ [key]: typed })} />
        ))}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('fields.collections')}</legend>
        {collections.length === 0 ? (
          <p className="text-xs text-muted-foreground">{t('fields.noCollections')}</p>
        ) : (
          <div className="grid max-h-32 gap-1 overflow-y-auto">
            {collections.map((collection) => (
              <label key={collection.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={value.collection_ids.includes(collection.id)}
                  onChange={(event) => toggle(collection.id, event.target.checked)}
                />
                <span className="truncate">{collection.name}</span>
              </label>
            ))}
          </div>
        )}
        <p className="text-xs text-muted-foreground">{t('fields.noneChecked')}</p>
      </fieldset>
      <ToolChoiceFields value={value.tool_names} onChange={(tool_names) => onChange({ tool_names })} />
    </div>
  );
}
