import { CheckCircle2, FolderGit2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-error';
import { useDocsMaintenanceSettings } from '../api/settings';
import { shortCommit } from '../lib/presentation';
import { LoadError, SkeletonRows } from './load-states';
import { SourceSettingsDialog } from './source-settings-dialog';

/** Where changes are read from (a git working tree), how far they were processed, and the drafting model. */
export function SourceCard() {
  const { t } = useTranslation('docsMaintenance');
  const settings = useDocsMaintenanceSettings();
  const data = settings.data;
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <FolderGit2 className="size-5" aria-hidden /> {t('source.title')}
        </h2>
        {data ? <SourceSettingsDialog settings={data} /> : null}
      </div>
      {settings.isPending ? <SkeletonRows label={t('source.loading')} rows={2} /> : null}
      {settings.isError ? (
        <LoadError
          message={t('source.loadError', { message: errorMessage(settings.error) })}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {data ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Field label={t('source.workingTree')}>
            <span className="font-mono break-all">{data.effectiveRepoPath ?? t('source.none')}</span>
            {data.repoPath === null ? <span className="text-muted-foreground"> {t('source.appsOwn')}</span> : null}
          </Field>
          <Field label={t('source.repository')}>
            {data.isGitRepository ? (
              <span className="inline-flex items-center gap-1">
                <CheckCircle2 className="size-4 text-green-600" aria-hidden /> {t('source.yes')}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-destructive">
                <XCircle className="size-4" aria-hidden /> {t('source.notGit')}
              </span>
            )}
          </Field>
          <Field label={t('source.lastCommit')}>
            {data.lastProcessedCommit ? (
              <span className="font-mono" title={data.lastProcessedCommit}>
                {shortCommit(data.lastProcessedCommit)}
              </span>
            ) : (
              <span className="text-muted-foreground">{t('source.noneYet')}</span>
            )}
          </Field>
          <Field label={t('source.draftingModel')}>
            {data.effectiveModel ?? <span className="text-muted-foreground">{t('source.noModel')}</span>}
            {data.model === null ? (
              <span className="text-muted-foreground"> {t('source.instanceDefaultNote')}</span>
            ) : null}
          </Field>
        </dl>
      ) : null}
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
