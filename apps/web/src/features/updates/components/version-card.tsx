import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { APP_VERSION } from '../../../config/app-version';
import { PROJECT_NAME } from '../../../config/project';
import { useUpdates } from '../api/get-updates';

/** Settings → About: the version this browser runs, and what the server says about releases. */
export function VersionCard({ appVersion = APP_VERSION }: { appVersion?: string }) {
  const updates = useUpdates();
  const data = updates.data;
  const pending = updates.isPending ? 'Checking...' : 'Unavailable';
  const rows: [string, string][] = [
    ['Running version', appVersion],
    ['Server version', data?.server_version ?? pending],
    ['Latest release', data ? (data.latest?.version ?? 'None published') : pending],
    ['Last updated to', data ? (data.last_updated_version ?? 'Never') : pending],
  ];
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
        {updates.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            Could not check for updates. {updates.error.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
