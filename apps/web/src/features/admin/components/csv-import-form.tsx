import type { AdminImportResult, Me } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useImportUsers } from '../api/create-user';
import { ADMIN_MESSAGE_KEYS } from '../lib/messages';

const EXAMPLE = 'email,password,full_name,role\nada@example.com,Str0ng-pass,Ada Lovelace,moderator';

/** The roles a row may give, as the server's role rules allow them to this admin (features/admin/user-policy.ts). */
const importRolesKey = (role: Me['role']) => (role === 'super_admin' ? 'csv.rolesSuperAdmin' : 'csv.rolesAdmin');

/** Paste CSV text; Import stays disabled while it is empty; every row's outcome is listed afterwards. */
export function CsvImportForm({ actor }: { actor: Pick<Me, 'role'> }) {
  const { t } = useTranslation('admin');
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<AdminImportResult | null>(null);
  const importUsers = useImportUsers();
  const textId = useId();
  const helpId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!csv.trim()) return;
    importUsers.mutate(csv, {
      onSuccess: (answer) => {
        setResult(answer);
        toast({
          title: t('csv.finished'),
          description: t('csv.finishedDescription', { created: answer.created, count: answer.results.length }),
        });
      },
      onError: (error) =>
        toast({
          title: t('common.error'),
          description:
            isApiError(error) && error.isClientError
              ? `${t(ADMIN_MESSAGE_KEYS.importFailed)} ${error.message}`
              : t(ADMIN_MESSAGE_KEYS.importFailed),
          variant: 'destructive',
        }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3">
      <Label htmlFor={textId}>{t('csv.data')}</Label>
      <textarea
        id={textId}
        aria-describedby={helpId}
        value={csv}
        onChange={(event) => setCsv(event.target.value)}
        rows={7}
        placeholder={EXAMPLE}
        spellCheck={false}
        className="rounded-md border bg-background px-3 py-2 font-mono text-xs"
      />
      <p id={helpId} className="text-xs text-muted-foreground">
        {t('csv.help', { roles: t(importRolesKey(actor.role)) })}
      </p>
      <div className="flex justify-end">
        <Button type="submit" disabled={!csv.trim() || importUsers.isPending}>
          {importUsers.isPending ? t('csv.importing') : t('csv.import')}
        </Button>
      </div>
      {result ? <ImportResults result={result} /> : null}
    </form>
  );
}

const STATUS_VARIANT = { created: 'default', skipped: 'secondary', failed: 'destructive' } as const;
const STATUS_KEYS = {
  created: 'csv.status.created',
  skipped: 'csv.status.skipped',
  failed: 'csv.status.failed',
} as const;

function ImportResults({ result }: { result: AdminImportResult }) {
  const { t } = useTranslation('admin');
  return (
    <section
      aria-label={t('csv.results')}
      className="grid max-h-56 gap-2 overflow-y-auto rounded-md border p-3 text-sm"
    >
      <p className="font-medium">
        {t('csv.summary', { created: result.created, notCreated: result.results.length - result.created })}
      </p>
      <ul className="grid gap-1">
        {result.results.map((row) => (
          <li key={row.row} className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">{t('csv.row', { row: row.row })}</span>
            <Badge variant={STATUS_VARIANT[row.status]}>{t(STATUS_KEYS[row.status])}</Badge>
            <span className="break-all">{row.email ?? t('csv.noEmail')}</span>
            {row.reason ? <span className="text-muted-foreground">— {row.reason}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
