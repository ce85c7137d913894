import type { AdminUser, Me, Role } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { AdminDashboard } from './admin-dashboard';

const me = (role: Role): Me => ({
  id: 'me',
  email: 'me@example.com',
  full_name: 'Me',
  avatar_url: null,
  role,
  status: 'active',
  organization_id: 'org-a',
  created_at: '2026-01-01T00:00:00Z',
});

const member = (id: string, role: Role, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  email: `${id}@example.com`,
  full_name: id,
  avatar_url: null,
  role,
  status: 'active',
  organization_id: 'org-a',
  parent_user_id: null,
  banned_at: null,
  banned_by: null,
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

const USERS = [
  member('root', 'super_admin'),
  member('boss', 'admin'),
  member('mod', 'moderator'),
  member('pat', 'user'),
];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.startsWith('/api/admin/users')
        ? { users: USERS, total: USERS.length, page: 1, page_size: 20 }
        : url.startsWith('/api/admin/stats')
          ? { users: 4, active_users_7d: 2, conversations: 7, documents: 3, storage_bytes: 2048 }
          : url.startsWith('/api/admin/usage')
            ? { days: [{ date: '2026-01-01', messages: 4, uploads: 1 }] }
            : url.startsWith('/api/admin/organizations')
              ? { organizations: [] }
              : { entries: [], next_cursor: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderAs(user: Me) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter([{ path: '/admin', element: <AdminDashboard /> }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin dashboard', () => {
  it.each(['user', 'moderator'] as const)('tells a %s they may not see it', (role) => {
    renderAs(me(role));
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access the admin dashboard.")).toBeTruthy();
  });

  it('shows the real figures, the usage chart and an empty activity list', async () => {
    stubApi();
    renderAs(me('admin'));
    expect(await screen.findByText('7')).toBeTruthy();
    expect(screen.getByText('2.0 KB stored')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /4 messages and 1 uploads in 1 days/ })).toBeTruthy();
    expect(await screen.findByText('No activity recorded yet.')).toBeTruthy();
  });

  it('lists users with role badges and only the actions an admin may take', async () => {
    stubApi();
    renderAs(me('admin'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'User Management' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Super Admin').className).toContain('bg-destructive');
    expect(within(table).getByText('Admin').className).toContain('bg-primary');
    expect(within(table).getByText('Moderator').className).toContain('bg-secondary');
    expect(screen.queryByRole('group', { name: 'Actions for root' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Actions for boss' })).toBeNull();
    const mod = screen.getByRole('group', { name: 'Actions for mod' });
    expect(within(mod).queryByRole('button', { name: 'Make Moderator' })).toBeNull();
    expect(within(mod).getByRole('button', { name: 'Make Regular User' })).toBeTruthy();
    const pat = screen.getByRole('group', { name: 'Actions for pat' });
    expect(within(pat).queryByRole('button', { name: 'Make Regular User' })).toBeNull();
    expect(within(pat).getByRole('button', { name: 'Make Moderator' })).toBeTruthy();
    expect(within(pat).queryByRole('button', { name: 'Make Admin' })).toBeNull();
    expect(within(pat).getByRole('button', { name: 'Ban' })).toBeTruthy();
  });

  it('opens the Audit tab from the Audit Logs quick action, with names instead of user ids', async () => {
    stubApi();
    const entry = {
      id: 'e1',
      user_id: 'pat-id',
      user_name: 'Pat Doe',
      actor_id: 'boss-id',
      actor_email: 'boss@example.com',
      actor_name: 'Boss Person',
      actor_role: 'admin',
      action: 'ROLE_CHANGE',
      resource_type: 'user',
      resource_id: 'pat-id',
      ip: '10.0.0.7',
      user_agent: 'Firefox',
      details: {},
      created_at: '2026-01-02T00:00:00Z',
    };
    const fetchStub = vi.mocked(fetch);
    const base = fetchStub.getMockImplementation();
    fetchStub.mockImplementation(async (input, init) =>
      String(input).includes('scope=organization&limit=50')
        ? new Response(JSON.stringify({ entries: [entry], next_cursor: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : (base as typeof fetch)(input, init),
    );
    renderAs(me('admin'));
    const link = await screen.findByRole('link', { name: 'Audit Logs' });
    expect(link.getAttribute('href')).toBe('/admin?tab=audit');
    fireEvent.click(link);
    expect(screen.getByRole('tab', { name: 'Audit' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(within(table).getByText('Pat Doe')).toBeTruthy();
    expect(within(table).getByText('Boss Person')).toBeTruthy();
    expect(within(table).queryByText('pat-id')).toBeNull();
  });
});
