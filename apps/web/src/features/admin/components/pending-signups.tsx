import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/i18n';
import { useDecideSignup, usePendingSignups } from '../api/signups';

/** Accounts waiting for approval (sign-up mode "approval"): approve lets them sign in, reject deletes them. */
export function PendingSignups() {
  const { t } = useTranslation('admin');
  const pending = usePendingSignups();
  const decide = useDecideSignup();

  function act(id: string, name: string, decision: 'approve' | 'reject') {
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast(
            decision === 'approve'
              ? { title: t('pending.approved'), description: t('pending.approvedDescription', { name }) }
              : { title: t('pending.rejected'), description: t('pending.rejectedDescription', { name }) },
          ),
        onError: (error) =>
          toast({
            title: t('common.error'),
            description: isApiError(error) && error.isClientError ? error.message : t('pending.updateFailed'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card className="grid gap-4 p-4">
      <div>
        <h2 className="text-lg font-semibold">{t('pending.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('pending.description')}</p>
      </div>
      {pending.isPending ? <Spinner label={t('pending.loading')} /> : null}
      {pending.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('pending.loadFailed')}
        </p>
      ) : null}
      {pending.data && pending.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('pending.empty')}</p>
      ) : null}
      {pending.data && pending.data.items.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('pending.title')}>
          {pending.data.items.map((item) => {
            const name = item.full_name || item.email;
            return (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                <div className="min-w-0">
                  <div className="truncate font-medium">{name}</div>
                  <div className="truncate text-xs text-muted-foreground">
                    {item.email} · {t('pending.asked', { date: formatDate(item.requested_at) })}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => act(item.id, name, 'approve')}
                    aria-label={t('pending.approveLabel', { name })}
                  >
                    <Check aria-hidden />
                    {t('pending.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => act(item.id, name, 'reject')}
                    aria-label={t('pending.rejectLabel', { name })}
                  >
                    <X aria-hidden />
                    {t('pending.reject')}
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
  const { t } = useTranslation('admin');
  const count = usePendingSignups().data?.total ?? 0;
  return (
    <>
      {t('pending.tab')}
      {count > 0 ? (
        <Badge variant="destructive" className="ml-1.5" aria-label={t('pending.waiting', { count })}>
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
