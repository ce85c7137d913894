import { useState } from 'react';
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
import { useSaveUpdatePreferences, useUpdatePreferences } from '../api/update-preferences';
import { PREFERENCE_TOAST_MS } from './retention-panel';
import { type UpdateSettingsDraft, UpdateSettingsFields } from './update-settings-form';

interface UpdateSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Update Settings (super admins, sidebar footer): edits a local copy; Save persists and closes, Cancel discards. */
export function UpdateSettingsDialog({ open, onOpenChange }: UpdateSettingsDialogProps) {
  const preferences = useUpdatePreferences(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Settings</DialogTitle>
          <DialogDescription>How this instance installs new versions.</DialogDescription>
        </DialogHeader>
        {preferences.isPending ? <Spinner label="Loading update settings" /> : null}
        {preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the update settings. {preferences.error.message}
          </p>
        ) : null}
        {preferences.data ? (
          // Keyed by the saved version: each opening starts from what is stored, never from a discarded draft.
          <DraftEditor
            key={preferences.data.updated_at}
            initial={preferences.data}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DraftEditor({ initial, onDone }: { initial: UpdateSettingsDraft; onDone: () => void }) {
  const [draft, setDraft] = useState<UpdateSettingsDraft>({
    auto_update_enabled: initial.auto_update_enabled,
    update_frequency: initial.update_frequency,
    notify_before_update: initial.notify_before_update,
  });
  const save = useSaveUpdatePreferences();
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        toast({ title: 'Update settings saved', duration: PREFERENCE_TOAST_MS });
        onDone();
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to save update settings.',
          variant: 'destructive',
          duration: PREFERENCE_TOAST_MS,
        }),
    });
  return (
    <>
      <UpdateSettingsFields draft={draft} onChange={setDraft} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </>
  );
}
