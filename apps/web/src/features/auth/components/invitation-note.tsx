import type { InvitationPreview } from '@hearth/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { Trans } from 'react-i18next';
import { describeAuthError } from '../../../lib/password-reasons';

const INVITED_AS: Record<InvitationPreview['role'], string> = {
  user: 'invitation.user',
  moderator: 'invitation.moderator',
  admin: 'invitation.admin',
};

/** Above the sign-up form when it was opened from an invitation link: where the account will belong. */
export function InvitationNote({ invitation }: { invitation: UseQueryResult<InvitationPreview> }) {
  if (invitation.isPending) return null;
  if (invitation.isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
        {describeAuthError(invitation.error)}
      </p>
    );
  }
  const { organization_name, role } = invitation.data;
  return (
    <p className="flex items-start gap-2 rounded-md border bg-muted/40 p-3 text-sm" data-testid="invitation-note">
      <MailOpen className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <Trans
          ns="auth"
          i18nKey={INVITED_AS[role]}
          values={{ organization: organization_name }}
          components={{ 1: <strong /> }}
        />
      </span>
    </p>
  );
}
