import type { AdminUser, AssignableRole, Me } from '@hearth/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useBanUser, useDeleteUser, useSetUserRole, useUnbanUser } from '../api/user-mutations';
import { ADMIN_MESSAGES } from '../lib/messages';
import { canManage, userActions } from '../lib/user-actions';
import { EditUserDialog } from './edit-user-dialog';
import { ResetLinkDialog } from './reset-link-dialog';

const failed = (description: string, error: unknown) =>
  toast({
    title: 'Error',
    // The spec's sentence, plus the server's reason when it refused (e.g. a rule it enforces).
    description: isApiError(error) && error.isClientError ? `${description} ${error.message}` : description,
    variant: 'destructive',
  });

/** Only the buttons the caller may use; the server checks every one again. */
export function UserRowActions({ actor, user }: { actor: Me; user: AdminUser }) {
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
        onSuccess: () => toast({ title: 'Role updated', description: `${name} is now ${role.replace('_', ' ')}.` }),
        onError: (error) => failed(ADMIN_MESSAGES.roleFailed, error),
      },
    );

  if (!Object.values(actions).some(Boolean)) return <span className="text-xs text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap justify-end gap-1" aria-label={`Actions for ${name}`} role="group">
      {canManage(actor, user) ? (
        <>
          <EditUserDialog user={user} disabled={busy} />
          <ResetLinkDialog user={user} disabled={busy} />
        </>
      ) : null}
      {actions.makeAdmin ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => changeRole('admin')}>
          Make Admin
        </Button>
      ) : null}
      {actions.makeModerator ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => changeRole('moderator')}>
          Make Moderator
        </Button>
      ) : null}
      {actions.makeUser ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => changeRole('user')}>
          Make Regular User
        </Button>
      ) : null}
      {actions.ban ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirm('ban')}>
          Ban
        </Button>
      ) : null}
      {actions.unban ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            unban.mutate(user.id, {
              onSuccess: () => toast({ title: 'User unbanned', description: `${name} can sign in again.` }),
              onError: (error) => failed(ADMIN_MESSAGES.unbanFailed, error),
            })
          }
        >
          Unban
        </Button>
      ) : null}
      {actions.delete ? (
        <Button size="sm" variant="destructive" disabled={busy} onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirm === 'ban'}
        onOpenChange={(open) => setConfirm(open ? 'ban' : null)}
        title="Ban user?"
        description={`${name} will be signed out everywhere and cannot sign in until unbanned.`}
        confirmLabel="Ban"
        pending={ban.isPending}
        onConfirm={() =>
          ban.mutate(user.id, {
            onSuccess: () => toast({ title: 'User banned', description: `${name} has been banned.` }),
            onError: (error) => failed(ADMIN_MESSAGES.banFailed, error),
            onSettled: () => setConfirm(null),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title="Delete user?"
        description={`${name}'s account and everything it owns will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(user.id, {
            onSuccess: () => toast({ title: 'User deleted', description: `${name}'s account has been deleted.` }),
            onError: (error) => failed(ADMIN_MESSAGES.deleteFailed, error),
            onSettled: () => setConfirm(null),
          })
        }
      />
    </div>
  );
}
