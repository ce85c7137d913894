import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { APP_VERSION } from '../../../config/app-version';
import { formatDate } from '../../../lib/i18n';
import { PROJECT_NAME } from '../../../config/project';
import { useUpdates } from '../api/get-updates';
import { useCheckForUpdates } from '../api/update-actions';

/** The same fields as Date.toLocaleString(): numeric date and time with seconds. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** Settings → About: the version this browser runs, the server's, and (admins) the newest release known. */
export function VersionCard({ appVersion = APP_VERSION }: { appVersion?: string }) {
  const { t } = useTranslation('updates');
  const updates = useUpdates();
  const check = useCheckForUpdates();
  const data = updates.data;
  const pending = updates.isPending ? t('version.checking') : t('version.unavailable');
  // [test id, label, value]: the test id stays the same in every language.
  const rows: [string, string, string][] = [
    ['running-version', t('version.running'), appVersion],
    ['server-version', t('version.server'), data?.server_version ?? pending],
  ];
  // Admins only: the server sends the feed's state to nobody else.
  if (data?.feed) {
    rows.push([
      'latest-release',
      t('version.latest'),
      data.available?.version ?? data.feed.latest_version ?? t('version.noneKnown'),
    ]);
    rows.push([
      'last-checked',
      t('version.lastChecked'),
      formatDate(data.feed.checked_at, DATE_TIME, t('version.never')),
    ]);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('version.title')}</CardTitle>
        <CardDescription>
          {PROJECT_NAME} {appVersion}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {rows.map(([id, label, value]) => (
            <div key={id} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd data-testid={`version-${id}`}>{value}</dd>
            </div>
          ))}
        </dl>
        {data?.feed ? (
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            disabled={check.isPending}
            onClick={() => check.mutate()}
          >
            {check.isPending ? t('version.checking') : t('version.checkNow')}
          </Button>
        ) : null}
        {check.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {t('version.checkFailed', { message: check.error.message })}
          </p>
        ) : null}
        {data?.feed?.error ? (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="feed-error">
            {t('version.lastCheck', { error: data.feed.error })}
          </p>
        ) : null}
        {updates.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {t('version.checkFailed', { message: updates.error.message })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
