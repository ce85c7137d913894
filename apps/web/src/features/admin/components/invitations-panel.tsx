import type { Invitation, InvitationStatus, Me } from '@hearth/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/format-date';
import { useInvitations, useRevokeInvitation } from '../api/signups';
import { ROLE_LABELS } from '../lib/messages';
import { InvitationDialog } from './invitation-dialog';

const STATUS_LABELS: Record<InvitationStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  revoked: 'Revoked',
};

/** Invitation links in the admin's scope: who they are for, how often used, until when; revoke the live ones. */
export function InvitationsPanel({ actor }: { actor: Me }) {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Invitations</h2>
          <p className="text-sm text-muted-foreground">Links that let people create an account in a set role.</p>
        </div>
        <InvitationDialog actor={actor} />
      </div>
      {invitations.isPending ? <Spinner label="Loading invitations" /> : null}
      {invitations.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load invitations.
        </p>
      ) : null}
      {invitations.data && invitations.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invitations yet.</p>
      ) : null}
      {invitations.data && invitations.data.items.length > 0 ? (
        <ul className="grid gap-2" aria-label="Invitations">
          {invitations.data.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
              <div className="min-w-0 text-sm">
                <div className="flex flex-wrap items-center gap-2 font-medium">
                  {ROLE_LABELS[item.role]} · {item.organization_name}
                  <Badge variant={item.status === 'active' ? 'secondary' : 'outline'}>
                    {STATUS_LABELS[item.status]}
                  </Badge>
                </div>
                <div className="text-xs text-muted-foreground">
                  {item.email ? `For ${item.email} · ` : ''}
                  {item.uses} of {item.max_uses} used · expires {formatDate(item.expires_at)}
                  {item.created_by_name ? ` · by ${item.created_by_name}` : ''}
                </div>
              </div>
              {item.status === 'active' ? (
                <Button size="sm" variant="outline" onClick={() => setRevoking(item)}>
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke invitation?"
        description="The link stops working at once. Accounts already created with it stay."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => toast({ title: 'Invitation revoked', description: 'The link no longer works.' }),
            onError: () =>
              toast({ title: 'Error', description: 'Failed to revoke the invitation.', variant: 'destructive' }),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Card>
  );
}
