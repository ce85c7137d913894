import type { BackupOverview, BackupRun, BackupSettings } from '@hearth/contract';
import { Trans, useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/i18n';
import { useBackups, useRunBackup, useSaveBackupSettings } from '../api/backups';
import { DATE_TIME } from '../lib/messages';

const INTERVALS = [
  { hours: 6, label: 'backups.intervals.every6' },
  { hours: 12, label: 'backups.intervals.every12' },
  { hours: 24, label: 'backups.intervals.daily' },
  { hours: 168, label: 'backups.intervals.weekly' },
] as const satisfies readonly { hours: BackupSettings['every_hours']; label: string }[];

const when = (value: string | null) => formatDate(value, DATE_TIME, '—');

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** Admin panel → Backups (super admins): the last backup and its result, Back up now, and the schedule. */
export function BackupsTab() {
  const { t } = useTranslation('admin');
  const backups = useBackups();
  if (backups.isPending) return <Spinner label={t('backups.loading')} />;
  if (backups.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('backups.loadFailed', { message: backups.error.message })}
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
  const { t } = useTranslation('admin');
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">{t('backups.started')}</dt>
      <dd>
        {when(run.started_at)} ({run.trigger === 'manual' ? t('backups.backUpNow') : t('backups.scheduled')})
      </dd>
      {run.finished_at ? (
        <>
          <dt className="text-muted-foreground">{t('backups.finished')}</dt>
          <dd>{when(run.finished_at)}</dd>
        </>
      ) : null}
      {run.bytes !== null ? (
        <>
          <dt className="text-muted-foreground">{t('backups.size')}</dt>
          <dd>{t('backups.sizeValue', { size: formatBytes(run.bytes), count: run.files })}</dd>
        </>
      ) : null}
      {run.location ? (
        <>
          <dt className="text-muted-foreground">{t('backups.writtenTo')}</dt>
          <dd className="font-mono text-xs break-all">{run.location}</dd>
        </>
      ) : null}
      {run.pruned > 0 ? (
        <>
          <dt className="text-muted-foreground">{t('backups.retention')}</dt>
          <dd>{t('backups.pruned', { count: run.pruned })}</dd>
        </>
      ) : null}
    </dl>
  );
}

function LastBackupCard({ overview, onRefresh }: { overview: BackupOverview; onRefresh: () => void }) {
  const { t } = useTranslation('admin');
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
        toast({ title: t('backups.startFailed'), description: error.message, variant: 'destructive' }),
    });
  };
  const busy = run.isPending || waiting || last?.result === 'running';

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('backups.last')}</CardTitle>
        <CardDescription>
          <Trans t={t} i18nKey="backups.lastDescription" components={{ code: <code /> }} />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {last === null ? (
          <p className="text-sm text-muted-foreground">{t('backups.none')}</p>
        ) : (
          <section aria-label={t('backups.last')} className="flex flex-col gap-2">
            <div className="flex items-center gap-2">
              {last.result === 'succeeded' ? <Badge>{t('backups.succeeded')}</Badge> : null}
              {last.result === 'running' ? <Badge variant="secondary">{t('backups.running')}</Badge> : null}
              {last.result === 'failed' ? <Badge variant="destructive">{t('backups.failed')}</Badge> : null}
            </div>
            {last.result === 'failed' ? (
              <p role="alert" className="text-sm text-destructive">
                {t('backups.failedWith', { error: last.error })}
              </p>
            ) : null}
            <RunSummary run={last} />
            {last.result === 'failed' && overview.last_success ? (
              <p className="text-sm text-muted-foreground">
                {t('backups.lastGood', { when: when(overview.last_success.started_at) })}{' '}
                <span className="font-mono text-xs break-all">{overview.last_success.location}</span>
              </p>
            ) : null}
          </section>
        )}
        <div>
          <Button type="button" onClick={backUpNow} disabled={busy}>
            {busy ? <Spinner label={t('backups.backingUpLabel')} /> : null}
            {busy ? t('backups.backingUp') : t('backups.backUpNow')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function ScheduleCard({ overview }: { overview: BackupOverview }) {
  const { t } = useTranslation('admin');
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
            title: t('backups.scheduleSaved'),
            description: saved.enabled ? t('backups.scheduleOn') : t('backups.scheduleOff'),
          });
        },
        onError: (error) =>
          toast({ title: t('backups.scheduleFailed'), description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('backups.scheduleTitle')}</CardTitle>
        <CardDescription>
          {t('backups.scheduleDescription')}
          {overview.next_due_at ? ` ${t('backups.next', { when: when(overview.next_due_at) })}` : ''}
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
            <Label htmlFor={switchId}>{t('backups.automatically')}</Label>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={intervalId}>{t('backups.howOften')}</Label>
            <select
              id={intervalId}
              value={settings.every_hours}
              onChange={(event) => change({ every_hours: Number(event.target.value) as BackupSettings['every_hours'] })}
              disabled={save.isPending}
              className="h-9 rounded-md border bg-background px-3 text-sm"
            >
              {INTERVALS.map((interval) => (
                <option key={interval.hours} value={interval.hours}>
                  {t(interval.label)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={t('backups.location')}
            hint={t('backups.locationHint')}
            value={settings.location ?? ''}
            placeholder={overview.resolved_location}
            onValueChange={(location) => change({ location })}
            disabled={save.isPending}
            spellCheck={false}
          />
          <TextField
            label={t('backups.keep')}
            type="number"
            min={1}
            max={365}
            value={String(settings.keep)}
            onValueChange={(value) => change({ keep: Math.max(1, Math.min(365, Math.round(Number(value) || 1))) })}
            disabled={save.isPending}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending || draft === null}>
              {save.isPending ? <Spinner label={t('network.saving')} /> : null}
              {t('common.save')}
            </Button>
            {draft !== null ? (
              <Button type="button" variant="outline" onClick={() => setDraft(null)} disabled={save.isPending}>
                {t('network.discard')}
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
  const { t } = useTranslation('admin');
  const backups = useBackups();
  const last = backups.data?.last;
  if (last?.result !== 'failed') return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive p-3"
    >
      <p className="text-sm">
        <span className="font-medium text-destructive">{t('backups.noticeTitle')}</span>{' '}
        {t('backups.noticeDetail', { when: when(last.finished_at), error: last.error })}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onOpen}>
        {t('backups.open')}
      </Button>
    </div>
  );
}
