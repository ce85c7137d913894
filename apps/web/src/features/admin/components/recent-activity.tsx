import type { AuditEntry } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useRecentActivity } from '../api/get-recent-activity';
import { resourceTypeKey } from '../lib/resource-types';

/** The newest audit entries in the admin's scope; never sample data. */
export function RecentActivity() {
  const { t } = useTranslation('admin');
  const activity = useRecentActivity();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activity.title')}</CardTitle>
        <CardDescription>{t('activity.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? <Spinner label={t('activity.loading')} /> : null}
        {activity.isError ? (
          <div role="alert" className="flex items-center justify-between gap-4">
            <p className="text-sm text-destructive">
              {isApiError(activity.error) && activity.error.status === 404
                ? t('activity.notAvailable')
                : t('activity.loadFailed')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void activity.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        {activity.data && activity.data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>
        ) : null}
        {activity.data && activity.data.entries.length > 0 ? (
          <ul className="grid gap-3">
            {activity.data.entries.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 text-sm">
                <span className="font-medium">{describeEntry(entry, t)}</span>
                <span className="text-xs text-muted-foreground">
                  {entry.actor_email ?? t('activity.system')} ·{' '}
                  {formatDate(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

const ACTION_LABEL_KEYS = {
  CREATE: 'activity.actions.CREATE',
  UPDATE: 'activity.actions.UPDATE',
  DELETE: 'activity.actions.DELETE',
  EXPORT: 'activity.actions.EXPORT',
  SIGN_IN: 'activity.actions.SIGN_IN',
  SIGN_OUT: 'activity.actions.SIGN_OUT',
  ROLE_CHANGE: 'activity.actions.ROLE_CHANGE',
  BAN: 'activity.actions.BAN',
  UNBAN: 'activity.actions.UNBAN',
  RETENTION: 'activity.actions.RETENTION',
  APPROVE: 'activity.actions.APPROVE',
  REJECT: 'activity.actions.REJECT',
} as const satisfies Record<AuditEntry['action'], string>;

/** "Banned user", "Created knowledge_document" …: the action and what it touched. */
export function describeEntry(entry: Pick<AuditEntry, 'action' | 'resource_type'>, t: TFunction<'admin'>): string {
  const action = t(ACTION_LABEL_KEYS[entry.action]);
  if (entry.action === 'SIGN_IN' || entry.action === 'SIGN_OUT') return action;
  const key = resourceTypeKey(entry.resource_type);
  // A type the list does not know is a code identifier: shown as is, with spaces.
  const resource = key ? t(key) : entry.resource_type.replaceAll('_', ' ');
  return t('activity.entry', { action, resource });
}
