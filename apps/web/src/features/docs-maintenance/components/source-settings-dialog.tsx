import type { DocsMaintenanceSettings } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useModels } from '../../models';
import { useSaveDocsMaintenanceSettings } from '../api/settings';
import { DOCS_MAINTENANCE_MESSAGES } from '../lib/messages';

const INSTANCE_DEFAULT = '';

/** Edits the git working tree (blank: the app's own) and the model that drafts updates. */
export function SourceSettingsDialog({ settings }: { settings: DocsMaintenanceSettings }) {
  const { t } = useTranslation('docsMaintenance');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {t('source.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('source.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('source.dialogDescription')}</DialogDescription>
        </DialogHeader>
        {open ? <SettingsForm settings={settings} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({ settings, onDone }: { settings: DocsMaintenanceSettings; onDone: () => void }) {
  const [repoPath, setRepoPath] = useState(settings.repoPath ?? '');
  const [model, setModel] = useState(settings.model ?? INSTANCE_DEFAULT);
  const { t } = useTranslation('docsMaintenance');
  const models = useModels();
  const save = useSaveDocsMaintenanceSettings();
  const selectId = useId();
  const chatModels = (models.data?.models ?? []).filter((entry) => !entry.capabilities.embedding);
  const missing = settings.model !== null && !chatModels.some((entry) => entry.name === settings.model);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { repoPath: repoPath.trim() || null, model: model || null },
      {
        onSuccess: () => {
          toast({ title: t(DOCS_MAINTENANCE_MESSAGES.settingsSaved) });
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset disabled={save.isPending} className="grid gap-4">
        <TextField
          label={t('source.repoPath')}
          hint={t('source.repoPathHint')}
          value={repoPath}
          onValueChange={setRepoPath}
          placeholder={settings.repoPath === null ? (settings.effectiveRepoPath ?? '/srv/hearth') : '/srv/hearth'}
          autoComplete="off"
          maxLength={1000}
        />
        <div className="grid gap-2">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('source.model')}
          </label>
          <select
            id={selectId}
            value={model}
            onChange={(event) => setModel(event.target.value)}
            className="h-9 rounded-md border bg-background px-2 text-sm"
          >
            <option value={INSTANCE_DEFAULT}>{t('source.instanceDefault')}</option>
            {missing && settings.model ? (
              <option value={settings.model}>{t('source.notAvailable', { model: settings.model })}</option>
            ) : null}
            {chatModels.map((entry) => (
              <option key={`${entry.provider.id}/${entry.name}`} value={entry.name}>
                {entry.name} · {entry.provider.name}
              </option>
            ))}
          </select>
          {models.isError ? (
            <p className="text-xs text-muted-foreground">
              {t('source.modelsError', { message: errorMessage(models.error) })}
            </p>
          ) : null}
        </div>
      </fieldset>
      {save.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('source.saving') : t('source.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
