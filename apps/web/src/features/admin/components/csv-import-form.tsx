import type { AdminImportResult, Me } from '@hearth/contract';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useImportUsers } from '../api/create-user';
import { ADMIN_MESSAGES } from '../lib/messages';

const EXAMPLE = 'email,password,full_name,role\nada@example.com,Str0ng-pass,Ada Lovelace,moderator';

/** The roles a row may give, as the server's role rules allow them to this admin (features/admin/user-policy.ts). */
export const importRolesText = (role: Me['role']) =>
  role === 'super_admin' ? 'user, moderator or admin' : 'user or moderator; only super admins can import admins';

/** Paste CSV text; Import stays disabled while it is empty; every row's outcome is listed afterwards. */
export function CsvImportForm({ actor }: { actor: Pick<Me, 'role'> }) {
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
          title: 'Import finished',
          description: `${answer.created} of ${answer.results.length} ${answer.results.length === 1 ? 'row' : 'rows'} created.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            isApiError(error) && error.isClientError
              ? `${ADMIN_MESSAGES.importFailed} ${error.message}`
              : ADMIN_MESSAGES.importFailed,
          variant: 'destructive',
        }),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-3">
      <Label htmlFor={textId}>CSV data</Label>
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
        First line is the header: email and password are required; full_name (or name) and role (
        {importRolesText(actor.role)}) are optional. Rows without email or password are skipped.
      </p>
      <div className="flex justify-end">
        <Button type="submit" disabled={!csv.trim() || importUsers.isPending}>
          {importUsers.isPending ? 'Importing...' : 'Import'}
        </Button>
      </div>
      {result ? <ImportResults result={result} /> : null}
    </form>
  );
}

const STATUS_VARIANT = { created: 'default', skipped: 'secondary', failed: 'destructive' } as const;

function ImportResults({ result }: { result: AdminImportResult }) {
  return (
    <section aria-label="Import results" className="grid max-h-56 gap-2 overflow-y-auto rounded-md border p-3 text-sm">
      <p className="font-medium">
        {result.created} created, {result.results.length - result.created} not created
      </p>
      <ul className="grid gap-1">
        {result.results.map((row) => (
          <li key={row.row} className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">Row {row.row}</span>
            <Badge variant={STATUS_VARIANT[row.status]}>{row.status}</Badge>
            <span className="break-all">{row.email ?? '(no email)'}</span>
            {row.reason ? <span className="text-muted-foreground">— {row.reason}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
