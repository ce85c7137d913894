import type { Me, Role } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { RequireAuth } from './require-auth';

const user = (role: Role): Me => ({
  id: 'u1',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  avatar_url: null,
  role,
  status: 'active',
  organization_id: null,
  created_at: '2025-01-01T00:00:00.000Z',
});

function renderAt(path: string, me: Me | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.me, me);
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <p>Auth screen</p> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dashboard', element: <p>Dashboard</p> },
          {
            path: '/admin',
            element: (
              <RequireAuth adminOnly>
                <p>Admin area</p>
              </RequireAuth>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('RequireAuth', () => {
  afterEach(cleanup);

  it('redirects to /auth, replacing history, when nobody is signed in', async () => {
    const router = renderAt('/dashboard', null);
    expect(await screen.findByText('Auth screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the page to a signed-in user', async () => {
    renderAt('/dashboard', user('user'));
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });

  it('shows Access Denied to a non-admin on an admin page', async () => {
    renderAt('/admin', user('moderator'));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.queryByText('Admin area')).toBeNull();
  });

  it.each(['admin', 'super_admin'] as const)('lets %s into admin pages', async (role) => {
    renderAt('/admin', user(role));
    expect(await screen.findByText('Admin area')).toBeTruthy();
  });
});
