import type { Group, Me } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import {
  useAddGroupMember,
  useCreateGroup,
  useDeleteGroup,
  useGroupMembers,
  useGroups,
  useOrganizations,
  useOrganizationUsers,
  useRemoveGroupMember,
} from '../api/organizations';

const selectClass = 'h-9 rounded-md border bg-background px-3 text-sm';

const failed = (t: TFunction<'admin'>, title: string, error: unknown) =>
  toast({ title, description: isApiError(error) ? error.message : t('common.tryAgain'), variant: 'destructive' });

/**
 * Admin → Groups (issue 16): groups inside an organisation, and their members. Collections and prompts are
 * shared with groups by their owners. Admins work in their own organisation; super admins pick one.
 */
export function GroupsTab({ actor }: { actor: Me }) {
  const { t } = useTranslation('admin');
  const organizations = useOrganizations();
  const [chosen, setChosen] = useState('');
  const organizationId = chosen || actor.organization_id || organizations.data?.organizations[0]?.id || '';
  const groups = useGroups(organizationId);
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const orgSelectId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, organization_id: organizationId || undefined },
      {
        onSuccess: (group) => {
          setName('');
          toast({ title: t('groups.created'), description: t('groups.createdDescription', { name: group.name }) });
        },
        onError: (error) => failed(t, t('groups.createFailed'), error),
      },
    );
  };

  return (
    <Card className="grid gap-4 p-4">
      <div>
        <h2 className="text-lg font-semibold">{t('groups.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('groups.description')}</p>
      </div>
      {actor.role === 'super_admin' ? (
        <div className="grid max-w-xs gap-2">
          <Label htmlFor={orgSelectId}>{t('users.organisation')}</Label>
          <select
            id={orgSelectId}
            className={selectClass}
            value={organizationId}
            onChange={(event) => setChosen(event.target.value)}
          >
            {organizations.data?.organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('groups.newName')}
          value={name}
          onValueChange={setName}
          maxLength={100}
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          {t('groups.create')}
        </Button>
      </form>
      {groups.isPending ? <Spinner label={t('groups.loading')} /> : null}
      {groups.data?.groups.length === 0 ? <p className="text-sm text-muted-foreground">{t('groups.empty')}</p> : null}
      <ul className="grid gap-2" aria-label={t('groups.title')}>
        {groups.data?.groups.map((group) => (
          <GroupRow key={group.id} group={group} />
        ))}
      </ul>
    </Card>
  );
}

function GroupRow({ group }: { group: Group }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const remove = useDeleteGroup();
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <div className="font-medium break-words">{group.name}</div>
          <div className="text-xs text-muted-foreground">{t('groups.memberCount', { count: group.member_count })}</div>
        </div>
        <div className="flex gap-1" role="group" aria-label={t('rowActions.label', { name: group.name })}>
          <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('groups.close') : t('groups.members')}
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(group.id, {
                onSuccess: () =>
                  toast({
                    title: t('groups.deleted'),
                    description: t('groups.deletedDescription', { name: group.name }),
                  }),
                onError: (error) => failed(t, t('groups.deleteFailed'), error),
              })
            }
          >
            {t('rowActions.delete')}
          </Button>
        </div>
      </div>
      {open ? <GroupMembers group={group} /> : null}
    </li>
  );
}

function GroupMembers({ group }: { group: Group }) {
  const { t } = useTranslation('admin');
  const members = useGroupMembers(group.id);
  const candidates = useOrganizationUsers(group.organization_id);
  const add = useAddGroupMember();
  const removeMember = useRemoveGroupMember();
  const [userId, setUserId] = useState('');
  const selectId = useId();
  const memberIds = new Set(members.data?.members.map((member) => member.user_id));
  const addable = candidates.data?.users.filter((user) => !memberIds.has(user.id)) ?? [];

  return (
    <div className="grid gap-2 border-t pt-2">
      <ul className="grid gap-1" aria-label={t('groups.membersOf', { name: group.name })}>
        {members.data?.members.map((member) => (
          <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-all">{member.full_name || member.email}</span>
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                removeMember.mutate(
                  { groupId: group.id, userId: member.user_id },
                  { onError: (error) => failed(t, t('groups.removeFailed'), error) },
                )
              }
            >
              {t('groups.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(
            { groupId: group.id, userId },
            { onSuccess: () => setUserId(''), onError: (error) => failed(t, t('groups.addFailed'), error) },
          );
        }}
      >
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor={selectId}>{t('groups.addMember')}</Label>
          <select
            id={selectId}
            className={selectClass}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
          >
            <option value="">{t('groups.chooseUser')}</option>
            {addable.map((user) => (
              <option key={user.id} value={user.id}>
                {user.full_name && user.full_name !== user.email ? `${user.full_name} (${user.email})` : user.email}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="sm" disabled={!userId || add.isPending}>
          {t('groups.add')}
        </Button>
      </form>
    </div>
  );
}
