import type { QualityReport, QualityReportResult } from '@hearth/contract';
import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { formatDate, formatNumber } from '../../../lib/i18n';
import { useCheckQuality, useQualityReports } from '../api/quality-reports';
import { useErrorToast } from '../hooks/use-error-toast';
import { percent, progressText, sparkline, trendChange, trendOf } from '../lib/quality';

const SPARK = { width: 120, height: 28 } as const;
/** Date and time with seconds, as toLocaleString() shows them, in the current language. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};

/**
 * "Check quality" on a collection (issue 18): probe questions made from its own passages are searched, and the
 * card shows how often the right passage came back (recall@5, MRR), what never surfaces, failed or empty
 * extractions and duplicates, with the trend over earlier checks and a progress bar while one runs.
 */
export function QualityReportCard({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation('knowledge');
  const reports = useQualityReports(collectionId);
  const check = useCheckQuality(collectionId);
  useErrorToast(check.isError, { title: t('quality.startFailed'), description: t('quality.tryAgain') });
  const list = reports.data?.reports ?? [];
  const latest = list[0];
  const running = latest?.status === 'running';
  const lastDone = list.find((report) => report.status === 'done' && report.result);
  return (
    <section aria-label={t('quality.title')} className="grid gap-3 rounded-lg border p-4" data-testid="quality-report">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="flex items-center gap-1 font-medium">
            <Gauge className="size-4" aria-hidden /> {t('quality.title')}
          </h3>
          <p className="text-xs text-muted-foreground">{t('quality.description')}</p>
        </div>
        <Button size="sm" variant="outline" onClick={() => check.mutate()} disabled={running || check.isPending}>
          {t('quality.check')}
        </Button>
      </header>
      {running ? <RunningReport report={latest} /> : null}
      {latest?.status === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {latest.error ?? t('quality.failed')}
        </p>
      ) : null}
      {lastDone?.result ? <ReportFigures result={lastDone.result} at={lastDone.created_at} /> : null}
      <Trend reports={list} />
      {!latest && !reports.isPending ? (
        <p className="text-sm text-muted-foreground">{t('quality.notChecked')}</p>
      ) : null}
    </section>
  );
}

function RunningReport({ report }: { report: QualityReport }) {
  const { t } = useTranslation('knowledge');
  const { done, total } = report.progress;
  return (
    <div className="grid gap-1 text-sm">
      <Progress value={total > 0 ? (done / total) * 100 : null} label={t('quality.progressLabel')} />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {t('quality.checking', { progress: progressText(report) })}
      </p>
    </div>
  );
}

function ReportFigures({ result, at }: { result: QualityReportResult; at: string }) {
  const { t } = useTranslation('knowledge');
  const problems = [
    ...result.never_surfaced.map((doc) => ({
      key: `n-${doc.document_id}`,
      text: t('quality.neverSurfaces', { name: doc.file_name }),
    })),
    ...result.failed_extractions.map((doc) => ({
      key: `f-${doc.document_id}`,
      text: doc.error
        ? t('quality.failedExtractionWhy', { name: doc.file_name, error: doc.error })
        : t('quality.failedExtraction', { name: doc.file_name }),
    })),
    ...result.empty_extractions.map((doc) => ({
      key: `e-${doc.document_id}`,
      text: t('quality.noText', { name: doc.file_name }),
    })),
    ...result.duplicate_documents.map((group) => ({
      key: `d-${group.map((doc) => doc.document_id).join()}`,
      text: t('quality.sameContent', { names: group.map((doc) => doc.file_name).join(', ') }),
    })),
  ];
  return (
    <div className="grid gap-2 text-sm">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label={t('quality.foundTop5')} value={percent(result.recall_at_5)} testId="quality-recall" />
        <Figure
          label={t('quality.mrr')}
          value={formatNumber(result.mrr, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          testId="quality-mrr"
        />
        <Figure label={t('quality.probes')} value={formatNumber(result.probes)} testId="quality-probes" />
        <Figure
          label={t('quality.repeated')}
          value={formatNumber(result.duplicate_passages)}
          testId="quality-duplicates"
        />
      </dl>
      <p className="text-xs text-muted-foreground">
        {t('quality.checked', {
          date: formatDate(at, DATE_TIME),
          documents: result.documents,
          search: result.search,
          method: result.method === 'model' ? t('quality.byModel') : t('quality.byHeadings'),
        })}
      </p>
      {problems.length > 0 ? (
        <ul className="list-disc pl-5 text-xs" data-testid="quality-problems">
          {problems.map((problem) => (
            <li key={problem.key}>{problem.text}</li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t('quality.allGood')}</p>
      )}
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md bg-muted/50 p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Recall@5 over the finished checks, oldest to newest, as a small line with the last change in words. */
function Trend({ reports }: { reports: readonly QualityReport[] }) {
  const { t } = useTranslation('knowledge');
  const trend = trendOf(reports);
  if (trend.length < 2) return null;
  const values = trend.map((point) => point.recall);
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="quality-trend">
      <svg
        width={SPARK.width}
        height={SPARK.height}
        viewBox={`-2 -2 ${SPARK.width + 4} ${SPARK.height + 4}`}
        role="img"
        aria-label={t('quality.trendLabel', { count: trend.length, values: values.map(percent).join(', ') })}
      >
        <polyline
          points={sparkline(values, SPARK.width, SPARK.height)}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          className="text-primary"
        />
      </svg>
      <span>{trendChange(trend)}</span>
    </div>
  );
}
