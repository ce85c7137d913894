import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { APP_VERSION } from '../../../config/app-version';
import { PROJECT_NAME } from '../../../config/project';
import { useUpdates } from '../api/get-updates';
import { useCheckForUpdates } from '../api/update-actions';

/** Settings → About: the version this browser runs, the server's, and (admins) the newest release known. */
export function VersionCard({ appVersion = APP_VERSION }: { appVersion?: string }) {
  const updates = useUpdates();
  const check = useCheckForUpdates();
  const data = updates.data;
  const pending = updates.isPending ? 'Checking...' : 'Unavailable';
  const rows: [string, string][] = [
    ['Running version', appVersion],
    ['Server version', data?.server_version ?? pending],
  ];
  // Admins only: the server sends the feed's state to nobody else.
  if (data?.feed) {
    rows.push(['Latest release', data.available?.version ?? data.feed.latest_version ?? 'None known']);
    rows.push(['Last checked', data.feed.checked_at ? new Date(data.feed.checked_at).toLocaleString() : 'Never']);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>About</CardTitle>
        <CardDescription>
          {PROJECT_NAME} {appVersion}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd data-testid={`version-${label.toLowerCase().replaceAll(' ', '-')}`}>{value}</dd>
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
            {check.isPending ? 'Checking...' : 'Check for updates now'}
          </Button>
        ) : null}
        {check.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            Could not check for updates. {check.error.message}
          </p>
        ) : null}
        {data?.feed?.error ? (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="feed-error">
            Last check: {data.feed.error}
          </p>
        ) : null}
        {updates.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            Could not check for updates. {updates.error.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
