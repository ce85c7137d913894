import { UPLOAD_LIMIT_MAX_MB, type SystemSettings } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { describeAuthError } from '../../../lib/password-reasons';
import { useModels } from '../../models';
import { useSystemSettings, useUpdateSystemSettings } from '../api/settings';
import { SettingsNote } from './settings-fields';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canEdit: boolean;
}

export function SystemSettingsDialog({ open, onOpenChange, canEdit }: Props) {
  const { t } = useTranslation('admin');
  const settings = useSystemSettings(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('quickActions.system')}</DialogTitle>
          <DialogDescription>{t('system.description')}</DialogDescription>
        </DialogHeader>
        {settings.isPending ? <Spinner label={t('settings.loading')} /> : null}
        {settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('system.loadFailed')}
          </p>
        ) : null}
        {settings.data ? (
          <SystemForm initial={settings.data} canEdit={canEdit} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SystemForm({ initial, canEdit, onDone }: { initial: SystemSettings; canEdit: boolean; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [model, setModel] = useState(initial.default_model ?? '');
  const [limit, setLimit] = useState(String(initial.upload_limit_mb));
  const [publicLinks, setPublicLinks] = useState(initial.public_share_links);
  const publicLinksId = useId();
  const update = useUpdateSystemSettings();
  const models = useModels();
  const listId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { default_model: model.trim() || null, upload_limit_mb: Number(limit), public_share_links: publicLinks },
      {
        onSuccess: () => {
          toast({ title: t('system.saved') });
          onDone();
        },
        onError: (error) =>
          toast({ title: t('common.error'), description: describeAuthError(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset disabled={!canEdit || update.isPending} className="grid gap-4">
        <TextField
          label={t('system.defaultModel')}
          hint={t('system.defaultModelHint')}
          list={listId}
          value={model}
          onValueChange={setModel}
          maxLength={300}
        />
        <datalist id={listId}>
          {(models.data?.models ?? []).map((entry) => (
            <option key={entry.name} value={entry.name} />
          ))}
        </datalist>
        <TextField
          label={t('system.uploadLimit')}
          hint={t('system.uploadLimitHint', { max: UPLOAD_LIMIT_MAX_MB })}
          type="number"
          min={1}
          max={UPLOAD_LIMIT_MAX_MB}
          required
          value={limit}
          onValueChange={setLimit}
        />
        <div className="flex items-start gap-3">
          <Switch id={publicLinksId} checked={publicLinks} onCheckedChange={setPublicLinks} className="mt-0.5" />
          <div className="grid gap-0.5">
            <Label htmlFor={publicLinksId}>{t('system.publicLinks')}</Label>
            <p className="text-xs text-muted-foreground">{t('system.publicLinksHint')}</p>
          </div>
        </div>
      </fieldset>
      <p className="text-sm">
        <Link to={paths.models} className="text-primary underline-offset-4 hover:underline">
          {t('system.manageProviders')}
        </Link>
      </p>
      {canEdit ? null : <SettingsNote />}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {canEdit ? t('common.cancel') : t('common.close')}
        </Button>
        {canEdit ? (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('common.saving') : t('common.save')}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
