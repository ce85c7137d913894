import type { Invitation, Me } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvitationDialog } from './invitation-dialog';
import { PendingSignups, PendingTabLabel } from './pending-signups';

const admin: Me = {
  id: 'me',
  email: 'me@example.com',
  full_name: 'Me',
  avatar_url: null,
  role: 'admin',
  status: 'active',
  organization_id: 'org-a',
  created_at: '2026-01-01T00:00:00Z',
};

const invitation: Invitation = {
  id: 'inv-1',
  role: 'moderator',
  organization_id: 'org-a',
  organization_name: 'Default',
  email: null,
  max_uses: 1,
  uses: 0,
  created_by: 'me',
  created_by_name: 'Me',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-01-08T00:00:00Z',
  revoked_at: null,
  status: 'active',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderWithQueries(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up administration', () => {
  it('lists pending accounts with a count, and Approve posts the decision', async () => {
    const fetchStub = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/approve')
        ? json({ ok: true })
        : json({
            items: [
              {
                id: 'p1',
                email: 'ann@example.com',
                full_name: 'Ann',
                organization_id: 'org-a',
                requested_at: '2026-01-02T00:00:00Z',
              },
            ],
            total: 1,
          }),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithQueries(
      <>
        <span data-testid="label">
          <PendingTabLabel />
        </span>
        <PendingSignups />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Pending accounts' });
    expect(within(list).getByText('Ann')).toBeTruthy();
    expect(screen.getByTestId('label').textContent).toBe('Pending1');
    fireEvent.click(within(list).getByRole('button', { name: 'Approve Ann' }));
    await waitFor(() =>
      expect(fetchStub.mock.calls.some(([url]) => url === '/api/admin/signups/p1/approve')).toBe(true),
    );
  });

  it('creates an invitation with the chosen role and shows its link once, on this origin', async () => {
    const fetchStub = vi.fn(async (_url: string, _init?: RequestInit) =>
      json({ invitation, token: 'tok', path: '/auth?invite=tok', mailed: false }),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithQueries(<InvitationDialog actor={admin} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    const role = screen.getByLabelText('Role');
    // Admins may not invite admins: the role list says so too.
    expect(within(role).queryByRole('option', { name: 'Admin' })).toBeNull();
    fireEvent.change(role, { target: { value: 'moderator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const link = await screen.findByRole('textbox', { name: 'Invitation link' });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/auth?invite=tok`);
    const [, init] = fetchStub.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ role: 'moderator', max_uses: 1, expires_in_days: 7 });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});
