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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Update Settings</DialogTitle>
          <DialogDescription>How this instance learns about new versions and how admins upgrade it.</DialogDescription>
        </DialogHeader>
        {preferences.isPending ? <Spinner label="Loading update settings" /> : null}
        {preferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the update settings. {preferences.error.message}
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
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        toast({ title: 'Update settings saved', duration: PREFERENCE_TOAST_MS });
        onDone();
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to save update settings. ${error.message}`,
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
