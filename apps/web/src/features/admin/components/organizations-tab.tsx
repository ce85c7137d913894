import type { Organization } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import {
  useCreateOrganization,
  useDeleteOrganization,
  useOrganizations,
  useRenameOrganization,
} from '../api/organizations';

const failed = (t: TFunction<'admin'>, title: string, error: unknown) =>
  toast({
    title,
    description: isApiError(error) ? error.message : t('common.tryAgain'),
    variant: 'destructive',
  });

/**
 * Admin → Organisations (super admins only, issue 16): create, rename and delete. An organisation is deleted
 * only once nobody is left in it — users are moved first (Users tab → Move to organisation), never deleted or
 * moved as a side effect. The default organisation, which new accounts join, stays.
 */
export function OrganizationsTab() {
  const { t } = useTranslation('admin');
  const organizations = useOrganizations();
  const create = useCreateOrganization();
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (created) => {
        setName('');
        toast({
          title: t('organisations.created'),
          description: t('organisations.createdDescription', { name: created.name }),
        });
      },
      onError: (error) => failed(t, t('organisations.createFailed'), error),
    });
  };

  return (
    <Card className="grid gap-4 p-4">
      <div>
        <h2 className="text-lg font-semibold">{t('organisations.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('organisations.description')}</p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('organisations.newName')}
          value={name}
          onValueChange={setName}
          maxLength={100}
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          {t('organisations.create')}
        </Button>
      </form>
      {organizations.isPending ? <Spinner label={t('organisations.loading')} /> : null}
      {organizations.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('organisations.loadFailed')}
        </p>
      ) : null}
      <ul className="grid gap-2" aria-label={t('organisations.title')}>
        {organizations.data?.organizations.map((organization) => (
          <OrganizationRow key={organization.id} organization={organization} />
        ))}
      </ul>
    </Card>
  );
}

function OrganizationRow({ organization }: { organization: Organization }) {
  const { t } = useTranslation('admin');
  const rename = useRenameOrganization();
  const remove = useDeleteOrganization();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(organization.name);
  const [confirming, setConfirming] = useState(false);
  const blocked = organization.is_default || organization.user_count > 0;
  const why = organization.is_default
    ? t('organisations.defaultBlocked')
    : t('organisations.usersBlocked', { count: organization.user_count });

  const save = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: organization.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => failed(t, t('organisations.renameFailed'), error),
      },
    );
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      {editing ? (
        <form onSubmit={save} className="flex flex-1 flex-wrap items-end gap-2">
          <TextField label={t('organisations.name')} value={name} onValueChange={setName} maxLength={100} />
          <Button type="submit" size="sm" disabled={!name.trim() || rename.isPending}>
            {t('common.save')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
            {t('common.cancel')}
          </Button>
        </form>
      ) : (
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{organization.name}</span>
            {organization.is_default ? <Badge variant="secondary">{t('organisations.default')}</Badge> : null}
          </div>
          <div className="text-xs text-muted-foreground">
            {t('users.total', { count: organization.user_count })} ·{' '}
            {t('organisations.groupCount', { count: organization.group_count })}
          </div>
        </div>
      )}
      {editing ? null : (
        <div
          className="flex flex-wrap gap-1"
          role="group"
          aria-label={t('rowActions.label', { name: organization.name })}
        >
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            {t('organisations.rename')}
          </Button>
          <span title={blocked ? why : undefined}>
            <Button size="sm" variant="destructive" disabled={blocked} onClick={() => setConfirming(true)}>
              {t('rowActions.delete')}
            </Button>
          </span>
        </div>
      )}
      {blocked && !editing ? <p className="w-full text-xs text-muted-foreground">{why}</p> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('organisations.deleteTitle')}
        description={t('organisations.deleteDescription', { name: organization.name })}
        confirmLabel={t('rowActions.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(organization.id, {
            onSuccess: () =>
              toast({
                title: t('organisations.deleted'),
                description: t('organisations.deletedDescription', { name: organization.name }),
              }),
            onError: (error) => failed(t, t('organisations.deleteFailed'), error),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}
