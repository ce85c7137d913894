import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/i18n';
import { useDeploymentLogs } from '../api/get-deployment-logs';
import { RELEASE_MESSAGE_KEYS } from '../lib/messages';
import { formatDuration, LOG_STATUS_BADGE } from '../lib/release-rules';

const when = (value: string) => formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }, value);

/** Deployment attempts, newest first: of one version when one is chosen, else of all. */
export function DeploymentLogs({ versionId, onShowAll }: { versionId: string | null; onShowAll: () => void }) {
  const { t } = useTranslation('releases');
  const logs = useDeploymentLogs(versionId);
  const entries = logs.data?.logs ?? [];
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('logs.title')}</h2>
        {versionId ? (
          <Button variant="outline" size="sm" onClick={onShowAll}>
            {t('logs.showAll')}
          </Button>
        ) : null}
      </div>
      {logs.isPending ? <Spinner label={t('logs.loading')} /> : null}
      {logs.isError ? (
        <div role="alert" className="flex items-center justify-between gap-4">
          <p className="text-sm text-destructive">{t(RELEASE_MESSAGE_KEYS.fetchLogsFailed)}</p>
          <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {logs.data && entries.length === 0 ? <p className="text-sm text-muted-foreground">{t('logs.empty')}</p> : null}
      {entries.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('logs.columns.version')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('logs.columns.status')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('logs.columns.started')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('logs.columns.duration')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('logs.columns.details')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((log) => (
                <tr key={log.id} className="border-b align-top last:border-0">
                  <td className="py-2 pr-3 font-mono">{log.version ?? '—'}</td>
                  <td className="py-2 pr-3">
                    <Badge variant={LOG_STATUS_BADGE[log.deployment_status].variant}>
                      {t(LOG_STATUS_BADGE[log.deployment_status].label)}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{when(log.started_at)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDuration(log.started_at, log.completed_at)}</td>
                  <td className="grid gap-1 py-2 text-xs">
                    {log.github_release_id ? <span>{t('logs.release', { id: log.github_release_id })}</span> : null}
                    {log.github_commit_sha ? (
                      <span className="font-mono">{log.github_commit_sha.slice(0, 7)}</span>
                    ) : null}
                    {log.deployment_url && /^https?:\/\//i.test(log.deployment_url) ? (
                      <a
                        href={log.deployment_url}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {t('logs.releasePage')}
                      </a>
                    ) : null}
                    {log.deployment_error ? (
                      <span className="break-words text-destructive">{log.deployment_error}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}
