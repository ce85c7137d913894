import type { AdminUser, Me } from '@hearth/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { useMoveUser, useOrganizations } from '../api/organizations';

const selectClass = 'h-9 max-w-full rounded-md border bg-background px-2 text-sm';

/** Organisation names by id (super admins see all; admins only their own). */
export function useOrganizationNames(): Map<string, string> {
  const organizations = useOrganizations();
  return new Map(organizations.data?.organizations.map((organization) => [organization.id, organization.name]));
}

/** Users screen filter (super admins): every organisation, or one. */
export function OrganizationFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('admin');
  const organizations = useOrganizations();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {t('users.organisation')}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('users.allOrganisations')}</option>
        {organizations.data?.organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Move to organisation" (super admins; never for super admins or oneself — the server refuses those too).
 * The user's groups and shares in the old organisation end with the move.
 */
export function MoveToOrganization({ actor, user }: { actor: Me; user: AdminUser }) {
  const { t } = useTranslation('admin');
  const organizations = useOrganizations();
  const move = useMoveUser();
  if (actor.role !== 'super_admin' || user.role === 'super_admin' || user.id === actor.id) return null;
  const name = user.full_name || user.email;
  return (
    <select
      aria-label={t('users.moveLabel', { name })}
      className={selectClass}
      value=""
      disabled={move.isPending}
      onChange={(event) => {
        const target = organizations.data?.organizations.find((organization) => organization.id === event.target.value);
        if (!target) return;
        move.mutate(
          { userId: user.id, organizationId: target.id },
          {
            onSuccess: () =>
              toast({
                title: t('users.moved'),
                description: t('users.movedDescription', { name, organisation: target.name }),
              }),
            onError: (error) =>
              toast({
                title: t('users.moveFailed'),
                description: isApiError(error) ? error.message : t('common.tryAgain'),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <option value="">{t('users.movePlaceholder')}</option>
      {organizations.data?.organizations
        .filter((organization) => organization.id !== user.organization_id)
        .map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
    </select>
  );
}
