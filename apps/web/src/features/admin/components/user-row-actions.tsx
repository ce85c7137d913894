import type { AdminUser, AssignableRole, Me } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useBanUser, useDeleteUser, useSetUserRole, useUnbanUser } from '../api/user-mutations';
import { ADMIN_MESSAGE_KEYS, ROLE_NAME_KEYS } from '../lib/messages';
import { canManage, userActions } from '../lib/user-actions';
import { EditUserDialog } from './edit-user-dialog';
import { ResetLinkDialog } from './reset-link-dialog';

const failed = (
  t: TFunction<'admin'>,
  key: (typeof ADMIN_MESSAGE_KEYS)[keyof typeof ADMIN_MESSAGE_KEYS],
  error: unknown,
) => {
  const description = t(key);
  toast({
    title: t('common.error'),
    // The spec's sentence, plus the server's reason when it refused (e.g. a rule it enforces).
    description: isApiError(error) && error.isClientError ? `${description} ${error.message}` : description,
    variant: 'destructive',
  });
};

/** Only the buttons the caller may use; the server checks every one again. */
export function UserRowActions({ actor, user }: { actor: Me; user: AdminUser }) {
  const { t } = useTranslation('admin');
  const actions = userActions(actor, user);
  const setRole = useSetUserRole();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const remove = useDeleteUser();
  const [confirm, setConfirm] = useState<'ban' | 'delete' | null>(null);
  const name = user.full_name || user.email;
  const busy = setRole.isPending || ban.isPending || unban.isPending || remove.isPending;

  const changeRole = (role: AssignableRole) =>
    setRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () =>
          toast({
            title: t('rowActions.roleUpdated'),
            description: t('rowActions.roleUpdatedDescription', { name, role: t(ROLE_NAME_KEYS[role]) }),
          }),
        onError: (error) => failed(t, ADMIN_MESSAGE_KEYS.roleFailed, error),
      },
    );

  if (!Object.values(actions).some(Boolean)) return <span className="text-xs text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap justify-end gap-1" aria-label={t('rowActions.label', { name })} role="group">
      {canManage(actor, user) ? (
        <>
          <EditUserDialog user={user} disabled={busy} />
          <ResetLinkDialog user={user} disabled={busy} />
        </>
      ) : null}
      {actions.makeAdmin ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => changeRole('admin')}>
          {t('rowActions.makeAdmin')}
        </Button>
      ) : null}
      {actions.makeModerator ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => changeRole('moderator')}>
          {t('rowActions.makeModerator')}
        </Button>
      ) : null}
      {actions.makeUser ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => changeRole('user')}>
          {t('rowActions.makeUser')}
        </Button>
      ) : null}
      {actions.ban ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirm('ban')}>
          {t('rowActions.ban')}
        </Button>
      ) : null}
      {actions.unban ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            unban.mutate(user.id, {
              onSuccess: () =>
                toast({ title: t('rowActions.unbanned'), description: t('rowActions.unbannedDescription', { name }) }),
              onError: (error) => failed(t, ADMIN_MESSAGE_KEYS.unbanFailed, error),
            })
          }
        >
          {t('rowActions.unban')}
        </Button>
      ) : null}
      {actions.delete ? (
        <Button size="sm" variant="destructive" disabled={busy} onClick={() => setConfirm('delete')}>
          {t('rowActions.delete')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirm === 'ban'}
        onOpenChange={(open) => setConfirm(open ? 'ban' : null)}
        title={t('rowActions.banTitle')}
        description={t('rowActions.banDescription', { name })}
        confirmLabel={t('rowActions.ban')}
        pending={ban.isPending}
        onConfirm={() =>
          ban.mutate(user.id, {
            onSuccess: () =>
              toast({ title: t('rowActions.banned'), description: t('rowActions.bannedDescription', { name }) }),
            onError: (error) => failed(t, ADMIN_MESSAGE_KEYS.banFailed, error),
            onSettled: () => setConfirm(null),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={t('rowActions.deleteTitle')}
        description={t('rowActions.deleteDescription', { name })}
        confirmLabel={t('rowActions.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () =>
              toast({ title: t('rowActions.deleted'), description: t('rowActions.deletedDescription', { name }) }),
            onError: (error) => failed(t, ADMIN_MESSAGE_KEYS.deleteFailed, error),
            onSettled: () => setConfirm(null),
          })
        }
      />
    </div>
  );
}
