import { CheckCircle2, FolderGit2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-error';
import { useDocsMaintenanceSettings } from '../api/settings';
import { shortCommit } from '../lib/presentation';
import { LoadError, SkeletonRows } from './load-states';
import { SourceSettingsDialog } from './source-settings-dialog';

/** Where changes are read from (a git working tree), how far they were processed, and the drafting model. */
export function SourceCard() {
  const settings = useDocsMaintenanceSettings();
  const data = settings.data;
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <FolderGit2 className="size-5" aria-hidden /> Source
        </h2>
        {data ? <SourceSettingsDialog settings={data} /> : null}
      </div>
      {settings.isPending ? <SkeletonRows label="Loading the documentation source" rows={2} /> : null}
      {settings.isError ? (
        <LoadError
          message={`Could not load the documentation source: ${errorMessage(settings.error)}`}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {data ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Field label="Git working tree">
            <span className="font-mono break-all">{data.effectiveRepoPath ?? 'None'}</span>
            {data.repoPath === null ? <span className="text-muted-foreground"> (the app&apos;s own)</span> : null}
          </Field>
          <Field label="Git repository">
            {data.isGitRepository ? (
              <span className="inline-flex items-center gap-1">
                <CheckCircle2 className="size-4 text-green-600" aria-hidden /> Yes
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-destructive">
                <XCircle className="size-4" aria-hidden /> Not a git repository
              </span>
            )}
          </Field>
          <Field label="Last processed commit">
            {data.lastProcessedCommit ? (
              <span className="font-mono" title={data.lastProcessedCommit}>
                {shortCommit(data.lastProcessedCommit)}
              </span>
            ) : (
              <span className="text-muted-foreground">None yet</span>
            )}
          </Field>
          <Field label="Drafting model">
            {data.effectiveModel ?? <span className="text-muted-foreground">No chat model available</span>}
            {data.model === null ? <span className="text-muted-foreground"> (instance default)</span> : null}
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
