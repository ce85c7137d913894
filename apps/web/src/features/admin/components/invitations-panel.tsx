import type { Invitation, InvitationStatus, Me } from '@hearth/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/i18n';
import { useInvitations, useRevokeInvitation } from '../api/signups';
import { ROLE_LABEL_KEYS } from '../lib/messages';
import { InvitationDialog } from './invitation-dialog';

const STATUS_LABEL_KEYS = {
  active: 'invitations.status.active',
  expired: 'invitations.status.expired',
  used_up: 'invitations.status.used_up',
  revoked: 'invitations.status.revoked',
} as const satisfies Record<InvitationStatus, string>;

/** Invitation links in the admin's scope: who they are for, how often used, until when; revoke the live ones. */
export function InvitationsPanel({ actor }: { actor: Me }) {
  const { t } = useTranslation('admin');
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('invitations.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('invitations.description')}</p>
        </div>
        <InvitationDialog actor={actor} />
      </div>
      {invitations.isPending ? <Spinner label={t('invitations.loading')} /> : null}
      {invitations.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('invitations.loadFailed')}
        </p>
      ) : null}
      {invitations.data && invitations.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('invitations.empty')}</p>
      ) : null}
      {invitations.data && invitations.data.items.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('invitations.title')}>
          {invitations.data.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
              <div className="min-w-0 text-sm">
                <div className="flex flex-wrap items-center gap-2 font-medium">
                  {t(ROLE_LABEL_KEYS[item.role])} · {item.organization_name}
                  <Badge variant={item.status === 'active' ? 'secondary' : 'outline'}>
                    {t(STATUS_LABEL_KEYS[item.status])}
                  </Badge>
                </div>
                <div className="text-xs text-muted-foreground">
                  {item.email ? `${t('invitations.for', { email: item.email })} · ` : ''}
                  {t('invitations.usage', { uses: item.uses, max: item.max_uses, date: formatDate(item.expires_at) })}
                  {item.created_by_name ? ` · ${t('invitations.by', { name: item.created_by_name })}` : ''}
                </div>
              </div>
              {item.status === 'active' ? (
                <Button size="sm" variant="outline" onClick={() => setRevoking(item)}>
                  {t('invitations.revoke')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('invitations.revokeTitle')}
        description={t('invitations.revokeDescription')}
        confirmLabel={t('invitations.revoke')}
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () =>
              toast({ title: t('invitations.revoked'), description: t('invitations.revokedDescription') }),
            onError: () =>
              toast({ title: t('common.error'), description: t('invitations.revokeFailed'), variant: 'destructive' }),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Card>
  );
}
