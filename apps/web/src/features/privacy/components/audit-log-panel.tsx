import { AuditAction, type AuditEntry } from '@hearth/contract';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { type AuditLogFilter, useAuditLogs, useVerifyAuditChain } from '../api/audit-logs';

const selectClasses = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

/** Audit Logs tab: the user's last 50 entries; admins may switch to their organisation and verify the chain. */
export function AuditLogPanel({ isAdmin }: { isAdmin: boolean }) {
  const scopeId = useId();
  const actionId = useId();
  const [filter, setFilter] = useState<AuditLogFilter>({ scope: 'self' });
  const logs = useAuditLogs(filter);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4">
        {isAdmin ? (
          <div className="grid gap-1">
            <Label htmlFor={scopeId}>Show</Label>
            <select
              id={scopeId}
              className={selectClasses}
              value={filter.scope}
              onChange={(event) => setFilter({ ...filter, scope: event.target.value as 'self' | 'organization' })}
            >
              <option value="self">My activity</option>
              <option value="organization">My organisation</option>
            </select>
          </div>
        ) : null}
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
        {isAdmin ? <VerifyChain /> : null}
      </div>
      {logs.isPending ? <Spinner label="Loading audit logs" /> : null}
      {logs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the audit logs. {logs.error.message}
        </p>
      ) : null}
      {logs.data ? <AuditTable entries={logs.data.entries} showUser={filter.scope === 'organization'} /> : null}
    </div>
  );
}

function VerifyChain() {
  const verify = useVerifyAuditChain();
  return (
    <div className="flex items-center gap-3">
      <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
        <ShieldCheck aria-hidden />
        {verify.isPending ? 'Verifying...' : 'Verify chain'}
      </Button>
      <span role="status" className="text-sm">
        {verify.isError ? <span className="text-destructive">Verification failed: {verify.error.message}</span> : null}
        {verify.data?.valid ? `Chain intact: ${verify.data.checked} entries checked.` : null}
        {verify.data && !verify.data.valid ? (
          <span className="text-destructive">
            Chain broken at entry {verify.data.first_invalid_id} ({verify.data.checked} checked).
          </span>
        ) : null}
      </span>
    </div>
  );
}

function AuditTable({ entries, showUser }: { entries: AuditEntry[]; showUser: boolean }) {
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
            {showUser ? <th className="p-2 font-medium">User</th> : null}
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
              {showUser ? <td className="p-2 font-mono text-xs">{entry.user_id ?? '—'}</td> : null}
              <td className="p-2">{entry.actor_id ? (entry.actor_email ?? entry.actor_id) : 'System'}</td>
              <td className="p-2 text-muted-foreground">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
