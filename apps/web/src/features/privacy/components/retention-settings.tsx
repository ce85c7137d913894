import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, normalizeRetentionDays, type PrivacySettings } from '@hearth/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';

interface RetentionSettingsFormProps {
  settings: PrivacySettings;
  pending: boolean;
  onSave: (settings: { data_retention_days: number; auto_delete_enabled: boolean }) => void;
}

/** Data Retention tab: days to keep chats (1-3650; anything else falls back to 365) and the auto-delete switch. */
export function RetentionSettingsForm({ settings, pending, onSave }: RetentionSettingsFormProps) {
  const daysId = useId();
  const switchId = useId();
  const [days, setDays] = useState(String(settings.data_retention_days));
  const [autoDelete, setAutoDelete] = useState(settings.auto_delete_enabled);

  return (
    <form
      className="grid gap-6"
      // Out-of-range input is not refused: it falls back to 365 (spec §5), so native validation stays out of the way.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const normalized = normalizeRetentionDays(days);
        setDays(String(normalized));
        onSave({ data_retention_days: normalized, auto_delete_enabled: autoDelete });
      }}
    >
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={daysId}>Data retention (days)</Label>
        <Input
          id={daysId}
          type="number"
          inputMode="numeric"
          min={MIN_RETENTION_DAYS}
          max={MAX_RETENTION_DAYS}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          onBlur={() => setDays(String(normalizeRetentionDays(days)))}
        />
        <p className="text-xs text-muted-foreground">
          From {MIN_RETENTION_DAYS} to {MAX_RETENTION_DAYS} days. Anything else is saved as 365.
        </p>
      </div>
      <div className="flex items-start gap-3">
        <Switch id={switchId} checked={autoDelete} onCheckedChange={setAutoDelete} />
        <div className="grid gap-1">
          <Label htmlFor={switchId}>Automatically delete old conversations</Label>
          <p className="text-xs text-muted-foreground">
            Once a day, conversations and messages older than the retention period are deleted for good.
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
