import type { AuditEntry } from '@hearth/contract';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useRecentActivity } from '../api/get-recent-activity';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The newest audit entries in the admin's scope; never sample data. */
export function RecentActivity() {
  const activity = useRecentActivity();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>The latest entries of the audit log.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? <Spinner label="Loading activity" /> : null}
        {activity.isError ? (
          <div role="alert" className="flex items-center justify-between gap-4">
            <p className="text-sm text-destructive">
              {isApiError(activity.error) && activity.error.status === 404
                ? 'The audit log is not available on this server.'
                : 'Could not load recent activity.'}
            </p>
            <Button variant="outline" size="sm" onClick={() => void activity.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        {activity.data && activity.data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity recorded yet.</p>
        ) : null}
        {activity.data && activity.data.entries.length > 0 ? (
          <ul className="grid gap-3">
            {activity.data.entries.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 text-sm">
                <span className="font-medium">{describeEntry(entry)}</span>
                <span className="text-xs text-muted-foreground">
                  {entry.actor_email ?? 'System'} · {timeFormat.format(new Date(entry.created_at))}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  CREATE: 'Created',
  UPDATE: 'Updated',
  DELETE: 'Deleted',
  EXPORT: 'Exported',
  SIGN_IN: 'Signed in',
  SIGN_OUT: 'Signed out',
  ROLE_CHANGE: 'Changed role of',
  BAN: 'Banned',
  UNBAN: 'Unbanned',
  RETENTION: 'Applied retention to',
  APPROVE: 'Approved',
  REJECT: 'Rejected',
};

/** "Banned user", "Created knowledge_document" …: the action and what it touched. */
export function describeEntry(entry: Pick<AuditEntry, 'action' | 'resource_type'>): string {
  if (entry.action === 'SIGN_IN' || entry.action === 'SIGN_OUT') return ACTION_LABELS[entry.action];
  return `${ACTION_LABELS[entry.action]} ${entry.resource_type.replaceAll('_', ' ')}`;
}
