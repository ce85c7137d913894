import type { AppVersion } from '@hearth/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/i18n';
import { useVersions } from '../api/get-versions';
import { RELEASE_MESSAGE_KEYS } from '../lib/messages';
import { STATUS_BADGE } from '../lib/release-rules';
import { CreateVersionDialog } from './create-version-dialog';
import { VersionActions } from './version-actions';

interface Props {
  githubConfigured: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** Every version, newest first, with its state and the moves it offers. */
export function VersionList({ githubConfigured, selectedId, onSelect }: Props) {
  const { t } = useTranslation('releases');
  const versions = useVersions();
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('list.title')}</h2>
        <CreateVersionDialog />
      </div>
      {versions.isPending ? <Spinner label={t('list.loading')} /> : null}
      {versions.isError ? (
        <div role="alert" className="flex items-center justify-between gap-4">
          <p className="text-sm text-destructive">{t(RELEASE_MESSAGE_KEYS.fetchVersionsFailed)}</p>
          <Button variant="outline" size="sm" onClick={() => void versions.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {versions.data?.versions.length === 0 ? <p className="text-sm text-muted-foreground">{t('list.empty')}</p> : null}
      {versions.data && versions.data.versions.length > 0 ? (
        <ul className="grid gap-3" aria-label={t('list.title')}>
          {versions.data.versions.map((version) => (
            <VersionItem
              key={version.id}
              version={version}
              githubConfigured={githubConfigured}
              selected={selectedId === version.id}
              onSelect={() => onSelect(selectedId === version.id ? null : version.id)}
            />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function VersionItem(props: {
  version: AppVersion;
  githubConfigured: boolean;
  selected: boolean;
  onSelect: () => void;
}) {
  const { version, githubConfigured, selected, onSelect } = props;
  const { t } = useTranslation('releases');
  const badge = STATUS_BADGE[version.deployment_status];
  return (
    <li className="grid gap-2 rounded-md border p-3" aria-label={t('list.version', { version: version.version })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold">{version.version}</span>
          <Badge variant={badge.variant}>{t(badge.label)}</Badge>
          {version.is_critical ? <Badge variant="destructive">{t('list.critical')}</Badge> : null}
          <span className="text-xs text-muted-foreground">
            {t('list.created', { date: formatDate(version.created_at, undefined, t('list.never')) })}
            {version.deployed_at ? ` · ${t('list.deployed', { date: formatDate(version.deployed_at) })}` : ''}
          </span>
        </div>
        <VersionActions version={version} githubConfigured={githubConfigured} />
      </div>
      {version.release_notes ? (
        <p className="text-sm whitespace-pre-wrap text-muted-foreground">{version.release_notes}</p>
      ) : null}
      {version.deployment_error ? (
        <p className="text-xs break-words text-destructive">
          {t('list.lastError', { error: version.deployment_error })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
        {version.github_release_id ? <span>{t('list.githubRelease', { id: version.github_release_id })}</span> : null}
        {version.github_commit_sha ? <span className="font-mono">{version.github_commit_sha.slice(0, 7)}</span> : null}
        <Button variant="link" size="sm" className="h-auto px-0" aria-pressed={selected} onClick={onSelect}>
          {selected ? t('list.showAllLogs') : t('list.showLogs')}
        </Button>
      </div>
    </li>
  );
}
