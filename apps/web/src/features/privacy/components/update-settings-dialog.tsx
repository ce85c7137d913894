import { useState } from 'react';
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
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { useSaveUpdateSettings, useUpdateSettings } from '../api/update-preferences';
import { PREFERENCE_TOAST_MS } from './retention-panel';
import { type UpdateSettingsDraft, UpdateSettingsFields } from './update-settings-form';

interface UpdateSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Update Settings (super admins, user menu), instance-wide: edits a local copy; Save persists and closes, Cancel
 * discards.
 */
export function UpdateSettingsDialog({ open, onOpenChange }: UpdateSettingsDialogProps) {
  const preferences = useUpdateSettings(open);
  const { t } = useTranslation('privacy');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('updates.title')}</DialogTitle>
          <DialogDescription>{t('updates.description')}</DialogDescription>
        </DialogHeader>
        {preferences.isPending ? <Spinner label={t('updates.loading')} /> : null}
        {preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('updates.loadError', { message: preferences.error.message })}
          </p>
        ) : null}
        {preferences.data ? (
          // Keyed by what is saved: each opening starts from what is stored, never from a discarded draft.
          <DraftEditor
            key={JSON.stringify(preferences.data)}
            initial={preferences.data}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DraftEditor({ initial, onDone }: { initial: UpdateSettingsDraft; onDone: () => void }) {
  const [draft, setDraft] = useState<UpdateSettingsDraft>(initial);
  const save = useSaveUpdateSettings();
  const { t } = useTranslation('privacy');
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        toast({ title: t('updates.saved'), duration: PREFERENCE_TOAST_MS });
        onDone();
      },
      onError: (error) =>
        toast({
          title: t('updates.errorTitle'),
          description: t('updates.saveFailed', { message: error.message }),
          variant: 'destructive',
          duration: PREFERENCE_TOAST_MS,
        }),
    });
  return (
    <>
      <UpdateSettingsFields draft={draft} onChange={setDraft} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('updates.cancel')}
        </Button>
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? t('updates.saving') : t('updates.save')}
        </Button>
      </DialogFooter>
    </>
  );
}
