import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, type PrivacySettings } from '@hearth/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';

interface RetentionSettingsFormProps {
  settings: PrivacySettings;
  pending: boolean;
  onSave: (settings: { data_retention_days: number; auto_delete_enabled: boolean }) => void;
}

/** A whole number of days in range, or null: out-of-range input is refused, never quietly replaced. */
function retentionDays(text: string): number | null {
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(value);
  return valid && value >= MIN_RETENTION_DAYS && value <= MAX_RETENTION_DAYS ? value : null;
}

/** Data Retention tab: days to keep chats (1-3650; anything else is refused) and the auto-delete switch. */
export function RetentionSettingsForm({ settings, pending, onSave }: RetentionSettingsFormProps) {
  const daysId = useId();
  const switchId = useId();
  const [days, setDays] = useState(String(settings.data_retention_days));
  const [autoDelete, setAutoDelete] = useState(settings.auto_delete_enabled);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const { t } = useTranslation('privacy');

  return (
    <form
      className="grid gap-6"
      // Our own message names the range; the browser's native bubble would not.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = retentionDays(days);
        setError(
          value === null ? t('retention.rangeError', { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS }) : null,
        );
        if (value !== null) onSave({ data_retention_days: value, auto_delete_enabled: autoDelete });
      }}
    >
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={daysId}>{t('retention.daysLabel')}</Label>
        <Input
          id={daysId}
          type="number"
          inputMode="numeric"
          min={MIN_RETENTION_DAYS}
          max={MAX_RETENTION_DAYS}
          step={1}
          value={days}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDays(event.target.value)}
        />
        <p className="text-xs text-muted-foreground">
          {t('retention.daysHint', { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS })}
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex items-start gap-3">
        <Switch id={switchId} checked={autoDelete} onCheckedChange={setAutoDelete} />
        <div className="grid gap-1">
          <Label htmlFor={switchId}>{t('retention.autoDelete')}</Label>
          <p className="text-xs text-muted-foreground">{t('retention.autoDeleteHint')}</p>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t('retention.saving') : t('retention.save')}
        </Button>
      </div>
    </form>
  );
}
