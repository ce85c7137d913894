import { RELEASE_NOTES_MAX } from '@hearth/contract';
import { Plus } from 'lucide-react';
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
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreateVersion } from '../api/version-mutations';
import { RELEASE_MESSAGE_KEYS } from '../lib/messages';
import { versionNumberProblem } from '../lib/release-rules';

type InitialStatus = 'draft' | 'staged' | 'live';

const CREATED_KEYS = {
  draft: 'create.isDraft',
  staged: 'create.isStaged',
  live: 'create.isLive',
  rollback: 'create.isRollback',
} as const;

/** New version: a dotted number, release notes, critical or not, and the state it starts in. */
export function CreateVersionDialog() {
  const { t } = useTranslation('releases');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden /> {t('create.new')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        {open ? <CreateVersionForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateVersionForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('releases');
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
            title: t('create.created'),
            description: t(CREATED_KEYS[created.deployment_status], { version: created.version }),
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: t(RELEASE_MESSAGE_KEYS.createFailed),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <fieldset disabled={create.isPending} className="grid gap-4">
        <div className="grid gap-1">
          <TextField
            label={t('create.number')}
            hint={t('create.numberHint')}
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
          <Label htmlFor={notesId}>{t('create.notes')}</Label>
          <textarea
            id={notesId}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            rows={5}
            maxLength={RELEASE_NOTES_MAX}
            placeholder={t('create.notesPlaceholder')}
            className="rounded-md border bg-background px-3 py-2 text-sm"
          />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={criticalId} checked={critical} onCheckedChange={setCritical} />
          <Label htmlFor={criticalId}>{t('create.critical')}</Label>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={statusId}>{t('create.initialStatus')}</Label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as InitialStatus)}
            className="h-9 rounded-md border bg-background px-3 text-sm"
          >
            <option value="draft">{t('status.draft')}</option>
            <option value="staged">{t('status.staged')}</option>
            <option value="live">{t('create.liveOption')}</option>
          </select>
        </div>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('create.creating') : t('create.title')}
        </Button>
      </DialogFooter>
    </form>
  );
}
