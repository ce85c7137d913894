import { UpdateFrequency, type UpdatePreferences } from '@hearth/contract';
import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';

export type UpdateSettingsDraft = Omit<UpdatePreferences, 'updated_at'>;

const FREQUENCY_LABELS: Record<UpdateFrequency, string> = {
  immediate: 'Immediately',
  daily: 'Daily',
  weekly: 'Weekly',
  manual: 'Manually',
};

/** The fields of the Update Settings dialog, editing a local draft. */
export function UpdateSettingsFields({
  draft,
  onChange,
}: {
  draft: UpdateSettingsDraft;
  onChange: (draft: UpdateSettingsDraft) => void;
}) {
  const autoId = useId();
  const frequencyId = useId();
  const notifyId = useId();
  return (
    <div className="grid gap-5">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={autoId}>Automatic updates</Label>
        <Switch
          id={autoId}
          checked={draft.auto_update_enabled}
          onCheckedChange={(checked) => onChange({ ...draft, auto_update_enabled: checked })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={frequencyId}>Update frequency</Label>
        <select
          id={frequencyId}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          value={draft.update_frequency}
          onChange={(event) => onChange({ ...draft, update_frequency: UpdateFrequency.parse(event.target.value) })}
        >
          {UpdateFrequency.options.map((frequency) => (
            <option key={frequency} value={frequency}>
              {FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={notifyId}>Notify before updating</Label>
        <Switch
          id={notifyId}
          checked={draft.notify_before_update}
          onCheckedChange={(checked) => onChange({ ...draft, notify_before_update: checked })}
        />
      </div>
    </div>
  );
}
