import { UPLOAD_LIMIT_MAX_MB, type SystemSettings } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
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
  const settings = useSystemSettings(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>System Settings</DialogTitle>
          <DialogDescription>
            Default model, upload limit and share links. Model providers have their own screen.
          </DialogDescription>
        </DialogHeader>
        {settings.isPending ? <Spinner label="Loading settings" /> : null}
        {settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the system settings.
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
          toast({ title: 'System settings saved' });
          onDone();
        },
        onError: (error) => toast({ title: 'Error', description: describeAuthError(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset disabled={!canEdit || update.isPending} className="grid gap-4">
        <TextField
          label="Default model"
          hint="Empty: the app picks one"
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
          label="Upload limit (MB)"
          hint={`At most ${UPLOAD_LIMIT_MAX_MB} MB`}
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
            <Label htmlFor={publicLinksId}>Allow public share links</Label>
            <p className="text-xs text-muted-foreground">
              Off: shared chats open only for people signed in here. On: people may make links anyone can open.
            </p>
          </div>
        </div>
      </fieldset>
      <p className="text-sm">
        <Link to={paths.models} className="text-primary underline-offset-4 hover:underline">
          Manage model providers
        </Link>
      </p>
      {canEdit ? null : <SettingsNote />}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {canEdit ? 'Cancel' : 'Close'}
        </Button>
        {canEdit ? (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
