import { AuditAction, type AuditEntry, type Me } from '@hearth/contract';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { type AdminAuditFilter, useAdminAuditLog, useVerifyAuditChain } from '../api/get-audit-log';
import { describeEntry } from './recent-activity';

const selectClasses = 'h-9 rounded-md border border-input bg-background px-2 text-sm';
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A person as the log names them: name first, the address or id only when the name is unknown. */
const personName = (name: string | null | undefined, fallback: string | null) => name ?? fallback ?? 'Deleted user';

/**
 * Admin panel → Audit: the organisation's audit log (super admins: the whole instance's), with names instead of
 * user ids, newest first, filterable by action, a page of 50 at a time, and the hash-chain check.
 */
export function AuditTab({ actor }: { actor: Me }) {
  const actionId = useId();
  const [action, setAction] = useState<AdminAuditFilter['action']>();
  const [cursors, setCursors] = useState<string[]>([]);
  const log = useAdminAuditLog({ action, cursor: cursors.at(-1) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>
          {actor.role === 'super_admin' ? 'Every change on this instance' : 'Every change in your organisation'}, newest
          first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid gap-1">
            <Label htmlFor={actionId}>Action</Label>
            <select
              id={actionId}
              className={selectClasses}
              value={action ?? ''}
              onChange={(event) => {
                setAction((event.target.value || undefined) as AdminAuditFilter['action']);
                setCursors([]);
              }}
            >
              <option value="">All actions</option>
              {AuditAction.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <VerifyChain />
        </div>
        {log.isPending ? <Spinner label="Loading the audit log" /> : null}
        {log.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the audit log. {log.error.message}
          </p>
        ) : null}
        {log.data ? <AuditTable entries={log.data.entries} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </Button>
          <Button
            variant="outline"
            disabled={!log.data?.next_cursor}
            onClick={() => log.data?.next_cursor && setCursors([...cursors, log.data.next_cursor])}
          >
            Older
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function VerifyChain() {
  const verify = useVerifyAuditChain();
  return (
    <div className="flex flex-wrap items-center gap-3">
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

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No audit entries yet.</p>;
  return (
    // Wide on a phone: the table scrolls inside its card instead of widening the page.
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th className="p-2 font-medium">When</th>
            <th className="p-2 font-medium">What</th>
            <th className="p-2 font-medium">User</th>
            <th className="p-2 font-medium">By</th>
            <th className="p-2 font-medium">From</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t align-top">
              <td className="p-2 whitespace-nowrap">{timeFormat.format(new Date(entry.created_at))}</td>
              <td className="p-2">
                <Badge variant={entry.action === 'DELETE' ? 'destructive' : 'secondary'}>{entry.action}</Badge>
                <div className="mt-1 text-xs text-muted-foreground">{describeEntry(entry)}</div>
              </td>
              <td className="p-2">{entry.user_id ? personName(entry.user_name, null) : '—'}</td>
              <td className="p-2">
                {entry.actor_id ? (
                  <>
                    {personName(entry.actor_name, entry.actor_email)}
                    {entry.actor_role ? (
                      <span className="text-xs text-muted-foreground"> ({entry.actor_role.replace('_', ' ')})</span>
                    ) : null}
                  </>
                ) : (
                  'System'
                )}
              </td>
              <td className="p-2 text-muted-foreground">
                {entry.ip ?? '—'}
                {entry.user_agent ? <div className="max-w-56 truncate text-xs">{entry.user_agent}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
