import { Check, X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useDecideSignup, usePendingSignups } from '../api/signups';

/** Accounts waiting for approval (sign-up mode "approval"): approve lets them sign in, reject deletes them. */
export function PendingSignups() {
  const pending = usePendingSignups();
  const decide = useDecideSignup();

  function act(id: string, name: string, decision: 'approve' | 'reject') {
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast(
            decision === 'approve'
              ? { title: 'Account approved', description: `${name} can now sign in.` }
              : { title: 'Request rejected', description: `${name}'s account has been deleted.` },
          ),
        onError: (error) =>
          toast({
            title: 'Error',
            description: isApiError(error) && error.isClientError ? error.message : 'Failed to update the request.',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card className="grid gap-4 p-4">
      <div>
        <h2 className="text-lg font-semibold">Pending accounts</h2>
        <p className="text-sm text-muted-foreground">
          People who signed up and wait for an administrator&apos;s approval before they can sign in.
        </p>
      </div>
      {pending.isPending ? <Spinner label="Loading pending accounts" /> : null}
      {pending.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load pending accounts.
        </p>
      ) : null}
      {pending.data && pending.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody is waiting for approval.</p>
      ) : null}
      {pending.data && pending.data.items.length > 0 ? (
        <ul className="grid gap-2" aria-label="Pending accounts">
          {pending.data.items.map((item) => {
            const name = item.full_name || item.email;
            return (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                <div className="min-w-0">
                  <div className="truncate font-medium">{name}</div>
                  <div className="truncate text-xs text-muted-foreground">
                    {item.email} · asked {formatDate(item.requested_at)}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => act(item.id, name, 'approve')}
                    aria-label={`Approve ${name}`}
                  >
                    <Check aria-hidden />
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => act(item.id, name, 'reject')}
                    aria-label={`Reject ${name}`}
                  >
                    <X aria-hidden />
                    Reject
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}

/** The Pending tab's label, with how many accounts wait (shared with the list through the query cache). */
export function PendingTabLabel() {
  const count = usePendingSignups().data?.total ?? 0;
  return (
    <>
      Pending
      {count > 0 ? (
        <Badge variant="destructive" className="ml-1.5" aria-label={`${count} waiting`}>
          {count}
        </Badge>
      ) : null}
    </>
  );
}

/** Ids of the accounts waiting for approval, so the user list can say so instead of "Active". */
export function usePendingIds(): Set<string> {
  const items = usePendingSignups().data?.items ?? [];
  return new Set(items.map((item) => item.id));
}
