import type { Me } from '@hearth/contract';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/i18n';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { ADMIN_MESSAGE_KEYS, ROLE_LABEL_KEYS } from '../lib/messages';
import { roleBadgeVariant } from '../lib/user-actions';
import { MoveToOrganization, OrganizationFilter, useOrganizationNames } from './user-organization';
import { usePendingIds } from './pending-signups';
import { UserRowActions } from './user-row-actions';

const SEARCH_DELAY_MS = 300;

export function UserManagement({ actor }: { actor: Me }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const [organizationId, setOrganizationId] = useState('');
  const users = useUsers(search, page, organizationId);
  const organizationNames = useOrganizationNames();
  const pendingIds = usePendingIds();
  const superAdmin = actor.role === 'super_admin';
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / USERS_PAGE_SIZE));

  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('users.title')}</h2>
        {superAdmin ? (
          <OrganizationFilter
            value={organizationId}
            onChange={(value) => {
              setOrganizationId(value);
              setPage(1);
            }}
          />
        ) : null}
        <div className="relative w-full max-w-xs">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-8"
          />
        </div>
      </div>
      {superAdmin ? null : <p className="text-xs text-muted-foreground">{t('users.orgAdminPolicy')}</p>}
      {users.isPending ? <Spinner label={t('users.loading')} /> : null}
      {users.isError ? (
        <div role="alert" className="flex items-center justify-between gap-4">
          <p className="text-sm text-destructive">{t(ADMIN_MESSAGE_KEYS.fetchUsersFailed)}</p>
          <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {users.data && users.data.users.length === 0 ? (
        <p className="text-sm text-muted-foreground">{search ? t('users.noMatch') : t('users.empty')}</p>
      ) : null}
      {users.data && users.data.users.length > 0 ? (
        // min-w-0: a grid item would otherwise grow to the table's width and widen the page on a phone.
        <div className="min-w-0 overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('users.columns.user')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('users.columns.role')}
                </th>
                {superAdmin ? (
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('users.columns.organisation')}
                  </th>
                ) : null}
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('users.columns.status')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('users.columns.joined')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('users.columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => (
                <tr key={user.id} className="border-b last:border-0">
                  <td className="py-2 pr-3">
                    <div className="font-medium">{user.full_name || user.email}</div>
                    <div className="text-xs text-muted-foreground">{user.email}</div>
                  </td>
                  <td className="py-2 pr-3">
                    <Badge variant={roleBadgeVariant(user.role)}>{t(ROLE_LABEL_KEYS[user.role])}</Badge>
                  </td>
                  {superAdmin ? (
                    <td className="py-2 pr-3">
                      {(user.organization_id && organizationNames.get(user.organization_id)) || '—'}
                    </td>
                  ) : null}
                  <td className="py-2 pr-3">
                    {user.status === 'banned' ? (
                      <Badge variant="destructive">{t('users.banned')}</Badge>
                    ) : pendingIds.has(user.id) ? (
                      <Badge variant="secondary">{t('users.awaitingApproval')}</Badge>
                    ) : (
                      <span>{t('users.active')}</span>
                    )}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDate(user.created_at)}</td>
                  <td className="py-2 text-right">
                    <div className="flex flex-wrap items-center justify-end gap-1">
                      <MoveToOrganization actor={actor} user={user} />
                      <UserRowActions actor={actor} user={user} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav aria-label={t('users.pages')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{users.data ? t('users.total', { count: users.data.total }) : ''}</span>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
            {t('users.previous')}
          </Button>
          <span aria-live="polite">{t('users.page', { page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((current) => current + 1)}
          >
            {t('users.next')}
          </Button>
        </div>
      </nav>
    </Card>
  );
}
