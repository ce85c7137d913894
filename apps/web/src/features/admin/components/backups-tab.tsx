import type { BackupOverview, BackupRun, BackupSettings } from '@hearth/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { useBackups, useRunBackup, useSaveBackupSettings } from '../api/backups';

const INTERVALS: { hours: BackupSettings['every_hours']; label: string }[] = [
  { hours: 6, label: 'Every 6 hours' },
  { hours: 12, label: 'Every 12 hours' },
  { hours: 24, label: 'Daily' },
  { hours: 168, label: 'Weekly' },
];

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** Admin panel → Backups (super admins): the last backup and its result, Back up now, and the schedule. */
export function BackupsTab() {
  const backups = useBackups();
  if (backups.isPending) return <Spinner label="Loading backups" />;
  if (backups.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the backups: {backups.error.message}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <LastBackupCard overview={backups.data} onRefresh={() => void backups.refetch()} />
      <ScheduleCard overview={backups.data} />
    </div>
  );
}

function RunSummary({ run }: { run: BackupRun }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Started</dt>
      <dd>
        {when(run.started_at)} ({run.trigger === 'manual' ? 'Back up now' : 'scheduled'})
      </dd>
      {run.finished_at ? (
        <>
          <dt className="text-muted-foreground">Finished</dt>
          <dd>{when(run.finished_at)}</dd>
        </>
      ) : null}
      {run.bytes !== null ? (
        <>
          <dt className="text-muted-foreground">Size</dt>
          <dd>
            {formatBytes(run.bytes)} in {run.files} files
          </dd>
        </>
      ) : null}
      {run.location ? (
        <>
          <dt className="text-muted-foreground">Written to</dt>
          <dd className="font-mono text-xs break-all">{run.location}</dd>
        </>
      ) : null}
      {run.pruned > 0 ? (
        <>
          <dt className="text-muted-foreground">Retention</dt>
          <dd>
            {run.pruned} older {run.pruned === 1 ? 'backup' : 'backups'} deleted
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function LastBackupCard({ overview, onRefresh }: { overview: BackupOverview; onRefresh: () => void }) {
  const run = useRunBackup();
  const [requestedAt, setRequestedAt] = useState<string | null>(null);
  const last = overview.last;
  const started = requestedAt !== null && last !== null && last.started_at >= requestedAt;
  const waiting = requestedAt !== null && (!started || last?.result === 'running');

  // Between Back up now and the job's start the overview does not show it yet: look again until it does.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(onRefresh, 1000);
    return () => clearInterval(timer);
  }, [waiting, onRefresh]);
  const backUpNow = () => {
    const at = new Date(Date.now() - 1000).toISOString();
    run.mutate(undefined, {
      onSuccess: () => setRequestedAt(at),
      onError: (error) =>
        toast({ title: 'Could not start the backup', description: error.message, variant: 'destructive' }),
    });
  };
  const busy = run.isPending || waiting || last?.result === 'running';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Last backup</CardTitle>
        <CardDescription>
          A backup holds the database, every uploaded file and the instance secret, with a checksum of each. Restore one
          with <code>npm run hearth -- restore FOLDER</code> onto an empty instance.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {last === null ? (
          <p className="text-sm text-muted-foreground">No backup has been made yet.</p>
        ) : (
          <section aria-label="Last backup" className="flex flex-col gap-2">
            <div className="flex items-center gap-2">
              {last.result === 'succeeded' ? <Badge>Succeeded</Badge> : null}
              {last.result === 'running' ? <Badge variant="secondary">Running</Badge> : null}
              {last.result === 'failed' ? <Badge variant="destructive">Failed</Badge> : null}
            </div>
            {last.result === 'failed' ? (
              <p role="alert" className="text-sm text-destructive">
                The backup failed: {last.error}
              </p>
            ) : null}
            <RunSummary run={last} />
            {last.result === 'failed' && overview.last_success ? (
              <p className="text-sm text-muted-foreground">
                The last good backup is from {when(overview.last_success.started_at)}:{' '}
                <span className="font-mono text-xs break-all">{overview.last_success.location}</span>
              </p>
            ) : null}
          </section>
        )}
        <div>
          <Button type="button" onClick={backUpNow} disabled={busy}>
            {busy ? <Spinner label="Backing up" /> : null}
            {busy ? 'Backing up…' : 'Back up now'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function ScheduleCard({ overview }: { overview: BackupOverview }) {
  const save = useSaveBackupSettings();
  const switchId = useId();
  const intervalId = useId();
  const [draft, setDraft] = useState<BackupSettings | null>(null);
  const settings = draft ?? overview.settings;
  const change = (patch: Partial<BackupSettings>) => setDraft({ ...settings, ...patch });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...settings, location: settings.location?.trim() ? settings.location.trim() : null },
      {
        onSuccess: (saved) => {
          setDraft(null);
          toast({
            title: 'Backup schedule saved',
            description: saved.enabled ? 'Scheduled backups are on.' : 'Scheduled backups are off.',
          });
        },
        onError: (error) =>
          toast({ title: 'Could not save the backup schedule', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Scheduled backups</CardTitle>
        <CardDescription>
          Run once across all servers as a background job. After each successful backup, the oldest backups at the
          location beyond the number to keep are deleted.
          {overview.next_due_at ? ` Next backup: ${when(overview.next_due_at)}.` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-xl gap-4">
          <div className="flex items-center gap-3">
            <Switch
              id={switchId}
              checked={settings.enabled}
              onCheckedChange={(enabled) => change({ enabled })}
              disabled={save.isPending}
            />
            <Label htmlFor={switchId}>Back up automatically</Label>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={intervalId}>How often</Label>
            <select
              id={intervalId}
              value={settings.every_hours}
              onChange={(event) => change({ every_hours: Number(event.target.value) as BackupSettings['every_hours'] })}
              disabled={save.isPending}
              className="h-9 rounded-md border bg-background px-3 text-sm"
            >
              {INTERVALS.map((interval) => (
                <option key={interval.hours} value={interval.hours}>
                  {interval.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Location"
            hint="An absolute folder on the server, or s3://bucket/prefix"
            value={settings.location ?? ''}
            placeholder={overview.resolved_location}
            onValueChange={(location) => change({ location })}
            disabled={save.isPending}
            spellCheck={false}
          />
          <TextField
            label="Backups to keep"
            type="number"
            min={1}
            max={365}
            value={String(settings.keep)}
            onValueChange={(value) => change({ keep: Math.max(1, Math.min(365, Math.round(Number(value) || 1))) })}
            disabled={save.isPending}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending || draft === null}>
              {save.isPending ? <Spinner label="Saving" /> : null}
              Save
            </Button>
            {draft !== null ? (
              <Button type="button" variant="outline" onClick={() => setDraft(null)} disabled={save.isPending}>
                Discard changes
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Above every admin tab, for super admins: the last backup failed (what Admin → Backups shows in full). */
export function BackupFailedNotice({ onOpen }: { onOpen: () => void }) {
  const backups = useBackups();
  const last = backups.data?.last;
  if (last?.result !== 'failed') return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive p-3"
    >
      <p className="text-sm">
        <span className="font-medium text-destructive">The last backup failed</span> ({when(last.finished_at)}):{' '}
        {last.error}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onOpen}>
        Open Backups
      </Button>
    </div>
  );
}
