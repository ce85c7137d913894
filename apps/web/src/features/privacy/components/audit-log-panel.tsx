import { AuditAction, type AuditEntry } from '@hearth/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { type AuditLogFilter, useAuditLogs } from '../api/audit-logs';

const selectClasses = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

/**
 * Audit Logs tab: what happened to the user's own account and data (last 50). The instance-wide log is the admin
 * panel's Audit tab; admins get a link there.
 */
export function AuditLogPanel({ isAdmin }: { isAdmin: boolean }) {
  const actionId = useId();
  const [filter, setFilter] = useState<AuditLogFilter>({ scope: 'self' });
  const logs = useAuditLogs(filter);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={actionId}>Action</Label>
          <select
            id={actionId}
            className={selectClasses}
            value={filter.action ?? ''}
            onChange={(event) =>
              setFilter({ ...filter, action: (event.target.value || undefined) as AuditLogFilter['action'] })
            }
          >
            <option value="">All actions</option>
            {AuditAction.options.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        {isAdmin ? (
          <Link to={paths.adminTab('audit')} className="text-sm underline underline-offset-4">
            Organisation audit log (Admin Panel)
          </Link>
        ) : null}
      </div>
      {logs.isPending ? <Spinner label="Loading audit logs" /> : null}
      {logs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the audit logs. {logs.error.message}
        </p>
      ) : null}
      {logs.data ? <AuditTable entries={logs.data.entries} /> : null}
    </div>
  );
}

/** Who acted: "You", the system, or another person by name and role (their address and browser are not shown). */
function actorLabel(entry: AuditEntry): string {
  if (!entry.actor_id) return 'System';
  if (entry.actor_id === entry.user_id) return 'You';
  const name = entry.actor_name ?? entry.actor_email ?? 'Deleted user';
  return entry.actor_role ? `${name} (${entry.actor_role.replace('_', ' ')})` : name;
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No audit entries yet.</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th className="p-2 font-medium">When</th>
            <th className="p-2 font-medium">Action</th>
            <th className="p-2 font-medium">Resource</th>
            <th className="p-2 font-medium">By</th>
            <th className="p-2 font-medium">From</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t">
              <td className="p-2 whitespace-nowrap">{new Date(entry.created_at).toLocaleString()}</td>
              <td className="p-2">
                <Badge variant={entry.action === 'DELETE' ? 'destructive' : 'secondary'}>{entry.action}</Badge>
              </td>
              <td className="p-2">{entry.resource_type}</td>
              <td className="p-2">{actorLabel(entry)}</td>
              <td className="p-2 text-muted-foreground">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
