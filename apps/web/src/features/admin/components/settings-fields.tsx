import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-primary"
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function SettingsNote() {
  const { t } = useTranslation('admin');
  return <p className="text-sm text-muted-foreground">{t('settings.superAdminOnly')}</p>;
}
