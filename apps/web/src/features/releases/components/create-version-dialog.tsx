import { RELEASE_NOTES_MAX } from '@hearth/contract';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreateVersion } from '../api/version-mutations';
import { RELEASE_MESSAGES } from '../lib/messages';
import { versionNumberProblem } from '../lib/release-rules';

type InitialStatus = 'draft' | 'staged' | 'live';

/** New version: a dotted number, release notes, critical or not, and the state it starts in. */
export function CreateVersionDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden /> New Version
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Version</DialogTitle>
          <DialogDescription>
            A live version is announced to every user at once; draft and staged ones are not.
          </DialogDescription>
        </DialogHeader>
        {open ? <CreateVersionForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateVersionForm({ onDone }: { onDone: () => void }) {
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [critical, setCritical] = useState(false);
  const [status, setStatus] = useState<InitialStatus>('draft');
  const [touched, setTouched] = useState(false);
  const create = useCreateVersion();
  const notesId = useId();
  const criticalId = useId();
  const statusId = useId();
  const problem = versionNumberProblem(version);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    create.mutate(
      { version: version.trim(), release_notes: notes, is_critical: critical, deployment_status: status },
      {
        onSuccess: (created) => {
          toast({
            title: 'Version created',
            description: `Version ${created.version} is ${created.deployment_status}.`,
          });
          onDone();
        },
        onError: (error) =>
          toast({ title: RELEASE_MESSAGES.createFailed, description: errorMessage(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset disabled={create.isPending} className="grid gap-4">
        <div className="grid gap-1">
          <TextField
            label="Version number"
            hint="e.g. 1.2.0"
            value={version}
            onValueChange={setVersion}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && problem ? true : undefined}
            autoComplete="off"
            maxLength={60}
            required
          />
          {touched && problem ? (
            <p role="alert" className="text-xs text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={notesId}>Release notes</Label>
          <textarea
            id={notesId}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            rows={5}
            maxLength={RELEASE_NOTES_MAX}
            placeholder="What's new in this version"
            className="rounded-md border bg-background px-3 py-2 text-sm"
          />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={criticalId} checked={critical} onCheckedChange={setCritical} />
          <Label htmlFor={criticalId}>Critical update</Label>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={statusId}>Initial status</Label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as InitialStatus)}
            className="h-9 rounded-md border bg-background px-3 text-sm"
          >
            <option value="draft">Draft</option>
            <option value="staged">Staged</option>
            <option value="live">Live (notify everyone now)</option>
          </select>
        </div>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Version'}
        </Button>
      </DialogFooter>
    </form>
  );
}
