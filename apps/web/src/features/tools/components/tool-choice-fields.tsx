import { useTranslation } from 'react-i18next';
import { useAvailableTools } from '../api/available-tools';

interface Props {
  /** null: every tool the user may use; else only these. */
  value: string[] | null;
  onChange: (value: string[] | null) => void;
}

/** A chat's or preset's choice of tools (issue 20): all of the user's tools, or only the ones checked. */
export function ToolChoiceFields({ value, onChange }: Props) {
  const { t } = useTranslation('toolUse');
  const tools = useAvailableTools().data?.tools ?? [];
  const names = new Set([...tools.map((tool) => tool.name), ...(value ?? [])]);
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...(value ?? []), name] : (value ?? []).filter((entry) => entry !== name));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t('choice.legend')}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(event) => onChange(event.target.checked ? tools.map((tool) => tool.name) : null)}
        />
        {t('choice.limit')}
      </label>
      {value === null ? (
        <p className="text-xs text-muted-foreground">{t('choice.all')}</p>
      ) : (
        <div className="grid max-h-32 gap-1 overflow-y-auto ps-6">
          {[...names].map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={value.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              <span className="truncate font-mono">{name}</span>
            </label>
          ))}
          {names.size === 0 ? <p className="text-xs text-muted-foreground">{t('choice.none')}</p> : null}
        </div>
      )}
    </fieldset>
  );
}
