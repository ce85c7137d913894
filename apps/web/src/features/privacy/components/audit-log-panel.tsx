import { AuditAction, type AuditEntry } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/i18n';
import { type AuditLogFilter, useAuditLogs } from '../api/audit-logs';

const selectClasses = 'h-9 rounded-md border border-input bg-background px-2 text-sm';
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
 * Audit Logs tab: what happened to the user's own account and data (last 50). The instance-wide log is the admin
 * panel's Audit tab; admins get a link there.
 */
export function AuditLogPanel({ isAdmin }: { isAdmin: boolean }) {
  const actionId = useId();
  const [filter, setFilter] = useState<AuditLogFilter>({ scope: 'self' });
  const logs = useAuditLogs(filter);
  const { t } = useTranslation('privacy');

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={actionId}>{t('audit.action')}</Label>
          <select
            id={actionId}
            className={selectClasses}
            value={filter.action ?? ''}
            onChange={(event) =>
              setFilter({ ...filter, action: (event.target.value || undefined) as AuditLogFilter['action'] })
            }
          >
            <option value="">{t('audit.allActions')}</option>
            {AuditAction.options.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        {isAdmin ? (
          <Link to={paths.adminTab('audit')} className="text-sm underline underline-offset-4">
            {t('audit.organisationLink')}
          </Link>
        ) : null}
      </div>
      {logs.isPending ? <Spinner label={t('audit.loading')} /> : null}
      {logs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('audit.loadError', { message: logs.error.message })}
        </p>
      ) : null}
      {logs.data ? <AuditTable entries={logs.data.entries} /> : null}
    </div>
  );
}

/** Who acted: "You", the system, or another person by name and role (their address and browser are not shown). */
function actorLabel(entry: AuditEntry, t: TFunction<'privacy'>): string {
  if (!entry.actor_id) return t('audit.actor.system');
  if (entry.actor_id === entry.user_id) return t('audit.actor.you');
  const name = entry.actor_name ?? entry.actor_email ?? t('audit.actor.deletedUser');
  if (!entry.actor_role) return name;
  return t('audit.actor.withRole', { name, role: roleLabel(entry.actor_role, t) });
}

/** The actor's role in words (an unknown role is shown as it is stored, underscores as spaces). */
function roleLabel(role: string, t: TFunction<'privacy'>): string {
  const roles: Record<string, string> = {
    user: t('audit.roles.user'),
    moderator: t('audit.roles.moderator'),
    admin: t('audit.roles.admin'),
    super_admin: t('audit.roles.super_admin'),
  };
  return roles[role] ?? role.replace('_', ' ');
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('privacy');
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t('audit.empty')}</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('audit.caption')}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th className="p-2 font-medium">{t('audit.columns.when')}</th>
            <th className="p-2 font-medium">{t('audit.columns.action')}</th>
            <th className="p-2 font-medium">{t('audit.columns.resource')}</th>
            <th className="p-2 font-medium">{t('audit.columns.by')}</th>
            <th className="p-2 font-medium">{t('audit.columns.from')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t">
              <td className="p-2 whitespace-nowrap">{formatDate(entry.created_at, DATE_TIME)}</td>
              <td className="p-2">
                <Badge variant={entry.action === 'DELETE' ? 'destructive' : 'secondary'}>{entry.action}</Badge>
              </td>
              <td className="p-2">{entry.resource_type}</td>
              <td className="p-2">{actorLabel(entry, t)}</td>
              <td className="p-2 text-muted-foreground">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
