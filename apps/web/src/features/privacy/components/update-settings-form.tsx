import { UpdateFrequency, type UpdateSettings } from '@hearth/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';

export type UpdateSettingsDraft = UpdateSettings;

/** What each frequency does: how often the server reads the release feed (keys of the privacy namespace). */
const FREQUENCY_LABELS = {
  immediate: 'updates.frequencies.immediate',
  daily: 'updates.frequencies.daily',
  weekly: 'updates.frequencies.weekly',
  manual: 'updates.frequencies.manual',
} as const satisfies Record<UpdateFrequency, string>;

const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

function Toggle(props: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{props.label}</Label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={hintId} checked={props.checked} onCheckedChange={props.onChange} />
    </div>
  );
}

/**
 * The fields of the Update Settings dialog, editing a local draft. Each says what it does: Hearth reads a
 * release feed and tells admins how to upgrade; it installs nothing by itself (Upgrade now calls the webhook).
 */
export function UpdateSettingsFields({
  draft,
  onChange,
}: {
  draft: UpdateSettingsDraft;
  onChange: (draft: UpdateSettingsDraft) => void;
}) {
  const frequencyId = useId();
  const sourceId = useId();
  const { t } = useTranslation('privacy');
  return (
    <div className="grid gap-5">
      <Toggle
        label={t('updates.automatic')}
        hint={t('updates.automaticHint')}
        checked={draft.auto_update_enabled}
        onChange={(checked) => onChange({ ...draft, auto_update_enabled: checked })}
      />
      <div className="grid gap-2">
        <Label htmlFor={frequencyId}>{t('updates.frequency')}</Label>
        <select
          id={frequencyId}
          className={selectClass}
          value={draft.update_frequency}
          onChange={(event) => onChange({ ...draft, update_frequency: UpdateFrequency.parse(event.target.value) })}
        >
          {UpdateFrequency.options.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(FREQUENCY_LABELS[frequency])}
            </option>
          ))}
        </select>
      </div>
      <Toggle
        label={t('updates.notify')}
        hint={t('updates.notifyHint')}
        checked={draft.notify_before_update}
        onChange={(checked) => onChange({ ...draft, notify_before_update: checked })}
      />
      <div className="grid gap-2">
        <Label htmlFor={sourceId}>{t('updates.feed')}</Label>
        <select
          id={sourceId}
          className={selectClass}
          value={draft.feed_source}
          onChange={(event) => onChange({ ...draft, feed_source: event.target.value === 'url' ? 'url' : 'github' })}
        >
          <option value="github">{t('updates.feedGithub')}</option>
          <option value="url">{t('updates.feedUrl')}</option>
        </select>
      </div>
      {draft.feed_source === 'url' ? (
        <TextField
          label={t('updates.feedUrlLabel')}
          type="url"
          maxLength={2000}
          placeholder="https://example.com/hearth/releases.json"
          value={draft.feed_url ?? ''}
          onValueChange={(value) => onChange({ ...draft, feed_url: value })}
        />
      ) : null}
      <TextField
        label={t('updates.webhook')}
        hint={t('updates.webhookHint')}
        type="url"
        maxLength={2000}
        placeholder="https://deploy.example.com/hooks/hearth"
        value={draft.deploy_webhook_url ?? ''}
        onValueChange={(value) => onChange({ ...draft, deploy_webhook_url: value })}
      />
    </div>
  );
}
