import { AuditAction, type AuditEntry, type Me } from '@hearth/contract';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/i18n';
import { type AdminAuditFilter, useAdminAuditLog, useVerifyAuditChain } from '../api/get-audit-log';
import { ROLE_NAME_KEYS } from '../lib/messages';
import { describeEntry } from './recent-activity';

const selectClasses = 'h-9 rounded-md border border-input bg-background px-2 text-sm';
const TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Admin panel → Audit: the organisation's audit log (super admins: the whole instance's), with names instead of
 * user ids, newest first, filterable by action, a page of 50 at a time, and the hash-chain check.
 */
export function AuditTab({ actor }: { actor: Me }) {
  const { t } = useTranslation('admin');
  const actionId = useId();
  const [action, setAction] = useState<AdminAuditFilter['action']>();
  const [cursors, setCursors] = useState<string[]>([]);
  const log = useAdminAuditLog({ action, cursor: cursors.at(-1) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('audit.title')}</CardTitle>
        <CardDescription>
          {actor.role === 'super_admin' ? t('audit.descriptionInstance') : t('audit.descriptionOrganisation')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid gap-1">
            <Label htmlFor={actionId}>{t('audit.action')}</Label>
            <select
              id={actionId}
              className={selectClasses}
              value={action ?? ''}
              onChange={(event) => {
                setAction((event.target.value || undefined) as AdminAuditFilter['action']);
                setCursors([]);
              }}
            >
              <option value="">{t('audit.allActions')}</option>
              {AuditAction.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <VerifyChain />
        </div>
        {log.isPending ? <Spinner label={t('audit.loading')} /> : null}
        {log.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('audit.loadFailed', { message: log.error.message })}
          </p>
        ) : null}
        {log.data ? <AuditTable entries={log.data.entries} /> : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            {t('audit.newer')}
          </Button>
          <Button
            variant="outline"
            disabled={!log.data?.next_cursor}
            onClick={() => log.data?.next_cursor && setCursors([...cursors, log.data.next_cursor])}
          >
            {t('audit.older')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function VerifyChain() {
  const { t } = useTranslation('admin');
  const verify = useVerifyAuditChain();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
        <ShieldCheck aria-hidden />
        {verify.isPending ? t('audit.verifying') : t('audit.verify')}
      </Button>
      <span role="status" className="text-sm">
        {verify.isError ? (
          <span className="text-destructive">{t('audit.verifyFailed', { message: verify.error.message })}</span>
        ) : null}
        {verify.data?.valid ? t('audit.intact', { checked: verify.data.checked }) : null}
        {verify.data && !verify.data.valid ? (
          <span className="text-destructive">
            {t('audit.broken', { id: verify.data.first_invalid_id, checked: verify.data.checked })}
          </span>
        ) : null}
      </span>
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  /** A person as the log names them: name first, the address or id only when the name is unknown. */
  const personName = (name: string | null | undefined, fallback: string | null) =>
    name ?? fallback ?? t('audit.deletedUser');
  const roleName = (role: string) =>
    role in ROLE_NAME_KEYS ? t(ROLE_NAME_KEYS[role as keyof typeof ROLE_NAME_KEYS]) : role.replace('_', ' ');
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t('audit.empty')}</p>;
  return (
    // Wide on a phone: the table scrolls inside its card instead of widening the page.
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('audit.caption')}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th className="p-2 font-medium">{t('audit.columns.when')}</th>
            <th className="p-2 font-medium">{t('audit.columns.what')}</th>
            <th className="p-2 font-medium">{t('audit.columns.user')}</th>
            <th className="p-2 font-medium">{t('audit.columns.by')}</th>
            <th className="p-2 font-medium">{t('audit.columns.from')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t align-top">
              <td className="p-2 whitespace-nowrap">{formatDate(entry.created_at, TIME)}</td>
              <td className="p-2">
                <Badge variant={entry.action === 'DELETE' ? 'destructive' : 'secondary'}>{entry.action}</Badge>
                <div className="mt-1 text-xs text-muted-foreground">{describeEntry(entry, t)}</div>
              </td>
              <td className="p-2">{entry.user_id ? personName(entry.user_name, null) : '—'}</td>
              <td className="p-2">
                {entry.actor_id ? (
                  <>
                    {personName(entry.actor_name, entry.actor_email)}
                    {entry.actor_role ? (
                      <span className="text-xs text-muted-foreground"> ({roleName(entry.actor_role)})</span>
                    ) : null}
                  </>
                ) : (
                  t('activity.system')
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
