import { DetectDocChangesBody, type DetectDocChangesResult } from '@hearth/contract';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { useDetectDocChanges, useDocChanges } from '../api/changes';
import { DOCS_MAINTENANCE_MESSAGES } from '../lib/messages';
import { shortCommit } from '../lib/presentation';
import { ChangeTable } from './change-table';
import { DraftProgressBar } from './draft-progress';
import { LoadError, SkeletonRows } from './load-states';
import { useDraftAll } from './use-draft-all';
import { describeProcessed, useProcessAutomatic } from './use-process-automatic';

const summaryText = (result: DetectDocChangesResult) => {
  const values = {
    changes: i18n.t('docsMaintenance:counts.change', { count: result.changes.length }),
    ignored: result.ignored,
    skipped: result.skipped,
    range: `${shortCommit(result.baseCommit) ?? i18n.t('docsMaintenance:changes.start')}..${shortCommit(result.headCommit)}`,
  };
  return result.skipped
    ? i18n.t('docsMaintenance:changes.summarySkipped', values)
    : i18n.t('docsMaintenance:changes.summary', values);
};

/** Detects changed files in the working tree and drafts documentation updates for them. */
export function ChangesCard() {
  const { t } = useTranslation('docsMaintenance');
  const changes = useDocChanges();
  const detect = useDetectDocChanges();
  const drafting = useDraftAll();
  const processAutomatic = useProcessAutomatic();
  const [since, setSince] = useState('');
  const [sinceError, setSinceError] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [processed, setProcessed] = useState<string | null>(null);
  const sinceId = useId();
  const advancedId = useId();
  const list = changes.data?.changes ?? [];
  const unprocessed = list.filter((change) => !change.processed && change.affectedDocs.length > 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = DetectDocChangesBody.safeParse({ since: since.trim() || undefined });
    if (!parsed.success) {
      setSinceError(parsed.error.issues[0]?.message ?? t('changes.useHash'));
      setAdvanced(true);
      return;
    }
    setSinceError(null);
    detect.mutate(parsed.data, {
      onSuccess: (result) => setSummary(summaryText(result)),
      onError: (error) =>
        toast({
          title: t(DOCS_MAINTENANCE_MESSAGES.detectFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    });
  }

  async function processNow() {
    const result = await processAutomatic.run();
    if (!result) return;
    setProcessed(describeProcessed(result));
    toast({ title: t('changes.processedToast'), description: describeProcessed(result) });
  }

  return (
    <Card className="grid gap-4 p-4">
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('changes.title')}</h2>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={detect.isPending || drafting.running}>
              {detect.isPending ? <Spinner label={t('changes.detectingLabel')} /> : null}
              {detect.isPending ? t('changes.detecting') : t('changes.detect')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void drafting.run(unprocessed)}
              disabled={drafting.running || unprocessed.length === 0}
            >
              {t('changes.draftAll')}
            </Button>
            <Button variant="outline" onClick={() => void processNow()} disabled={processAutomatic.isPending}>
              {processAutomatic.isPending ? t('changes.processing') : t('changes.process')}
            </Button>
          </div>
        </div>
        <div>
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            aria-expanded={advanced}
            aria-controls={advancedId}
            onClick={() => setAdvanced((value) => !value)}
          >
            {advanced ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />} {t('changes.advanced')}
          </Button>
          <div id={advancedId} hidden={!advanced} className="mt-2 grid max-w-sm gap-2">
            <Label htmlFor={sinceId}>{t('changes.since')}</Label>
            <Input
              id={sinceId}
              value={since}
              onChange={(event) => setSince(event.target.value)}
              placeholder={t('changes.sincePlaceholder')}
              autoComplete="off"
              maxLength={40}
              aria-invalid={sinceError ? true : undefined}
              aria-describedby={sinceError ? `${sinceId}-error` : undefined}
              className="font-mono"
            />
            {sinceError ? (
              <p id={`${sinceId}-error`} role="alert" className="text-xs text-destructive">
                {sinceError}
              </p>
            ) : null}
          </div>
        </div>
      </form>
      <div aria-live="polite" className="grid gap-1 text-sm">
        {summary ? <p>{t('changes.detected', { summary })}</p> : null}
        {drafting.report ? <p>{drafting.report}</p> : null}
        {processed ? <p>{t('changes.processed', { processed })}</p> : null}
      </div>
      {drafting.progress ? (
        <DraftProgressBar progress={drafting.progress} cancelling={drafting.cancelling} onCancel={drafting.cancel} />
      ) : null}
      {changes.isPending ? <SkeletonRows label={t('changes.loading')} /> : null}
      {changes.isError ? (
        <LoadError
          message={t('changes.loadError', { message: errorMessage(changes.error) })}
          onRetry={() => void changes.refetch()}
        />
      ) : null}
      {changes.data && list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(DOCS_MAINTENANCE_MESSAGES.noChanges)}</p>
      ) : null}
      {list.length > 0 ? (
        <ChangeTable
          changes={list}
          drafting={drafting.running}
          draftingId={drafting.progress?.current?.id ?? null}
          onDraft={(change) => void drafting.run([change])}
        />
      ) : null}
    </Card>
  );
}
