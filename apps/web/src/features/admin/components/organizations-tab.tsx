import type { Organization } from '@hearth/contract';
import { type FormEvent, useState } from 'react';
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

const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: isApiError(error) ? error.message : 'Please try again.',
    variant: 'destructive',
  });

/**
 * Admin → Organisations (super admins only, issue 16): create, rename and delete. An organisation is deleted
 * only once nobody is left in it — users are moved first (Users tab → Move to organisation), never deleted or
 * moved as a side effect. The default organisation, which new accounts join, stays.
 */
export function OrganizationsTab() {
  const organizations = useOrganizations();
  const create = useCreateOrganization();
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (created) => {
        setName('');
        toast({ title: 'Organisation created', description: `${created.name} is ready. Move users into it.` });
      },
      onError: (error) => failed('Could not create the organisation', error),
    });
  };

  return (
    <Card className="grid gap-4 p-4">
      <div>
        <h2 className="text-lg font-semibold">Organisations</h2>
        <p className="text-sm text-muted-foreground">
          Each organisation&apos;s admins see and manage only its users, groups and activity. To delete an organisation,
          move its users to another one first.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          label="New organisation name"
          value={name}
          onValueChange={setName}
          maxLength={100}
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          Create organisation
        </Button>
      </form>
      {organizations.isPending ? <Spinner label="Loading organisations" /> : null}
      {organizations.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load organisations.
        </p>
      ) : null}
      <ul className="grid gap-2" aria-label="Organisations">
        {organizations.data?.organizations.map((organization) => (
          <OrganizationRow key={organization.id} organization={organization} />
        ))}
      </ul>
    </Card>
  );
}

function OrganizationRow({ organization }: { organization: Organization }) {
  const rename = useRenameOrganization();
  const remove = useDeleteOrganization();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(organization.name);
  const [confirming, setConfirming] = useState(false);
  const blocked = organization.is_default || organization.user_count > 0;
  const why = organization.is_default
    ? 'The default organisation cannot be deleted: new accounts join it.'
    : `Move its ${organization.user_count} user${organization.user_count === 1 ? '' : 's'} to another organisation first.`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: organization.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => failed('Could not rename the organisation', error),
      },
    );
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      {editing ? (
        <form onSubmit={save} className="flex flex-1 flex-wrap items-end gap-2">
          <TextField label="Organisation name" value={name} onValueChange={setName} maxLength={100} />
          <Button type="submit" size="sm" disabled={!name.trim() || rename.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{organization.name}</span>
            {organization.is_default ? <Badge variant="secondary">Default</Badge> : null}
          </div>
          <div className="text-xs text-muted-foreground">
            {organization.user_count} {organization.user_count === 1 ? 'user' : 'users'} · {organization.group_count}{' '}
            {organization.group_count === 1 ? 'group' : 'groups'}
          </div>
        </div>
      )}
      {editing ? null : (
        <div className="flex flex-wrap gap-1" role="group" aria-label={`Actions for ${organization.name}`}>
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Rename
          </Button>
          <span title={blocked ? why : undefined}>
            <Button size="sm" variant="destructive" disabled={blocked} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </span>
        </div>
      )}
      {blocked && !editing ? <p className="w-full text-xs text-muted-foreground">{why}</p> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete organisation?"
        description={`${organization.name} and its groups will be deleted. It has no users.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(organization.id, {
            onSuccess: () => toast({ title: 'Organisation deleted', description: `${organization.name} is gone.` }),
            onError: (error) => failed('Could not delete the organisation', error),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </li>
  );
}
