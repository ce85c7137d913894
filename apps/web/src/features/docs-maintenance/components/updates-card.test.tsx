import type { Me } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store';
import { Toaster } from '../../../components/ui/toaster';
import { queryKeys } from '../../../lib/query-keys';
import { AdminDashboard } from '../../admin';
import { stubDocsApi, update } from './fake-docs-api.test-support';
import { UpdatesCard } from './updates-card';

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <UpdatesCard /> }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const toastText = async () => (await screen.findByTestId('toast')).textContent;

async function openReview(docPath: string) {
  const item = await screen.findByRole('listitem', { name: `Update of ${docPath}` });
  fireEvent.click(within(item).getByRole('button', { name: 'Review' }));
  return screen.findByRole('dialog', { name: `Review update of ${docPath}` });
}

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

describe('Documentation tab: updates', () => {
  it('filters by status with counts, and shows type, confidence and a rejected update’s error', async () => {
    stubDocsApi({
      updates: [
        update('u1', { updateType: 'automatic', aiConfidence: 0.85, docPath: '/docs/admin' }),
        update('u2', { status: 'applied', docPath: '/docs/models' }),
        update('u3', { status: 'rejected', error: 'The page changed since the update was drafted' }),
      ],
    });
    renderCard();
    expect(await screen.findByRole('tab', { name: 'Pending (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Applied (1)' })).toBeTruthy();
    const pending = screen.getByRole('listitem', { name: 'Update of /docs/admin' });
    expect(within(pending).getByText('Automatic')).toBeTruthy();
    expect(within(pending).getByText('Confidence 85%')).toBeTruthy();
    expect(within(pending).getByText('apps/server/src/c1.ts')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Rejected (1)' }));
    const rejected = await screen.findByRole('listitem', { name: 'Update of /docs/chat' });
    expect(within(rejected).getByText('Review required')).toBeTruthy();
    expect(within(rejected).getByText('Error: The page changed since the update was drafted')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: 'Review' })).toBeNull();
  });

  it('says so when nothing is pending', async () => {
    stubDocsApi({ updates: [update('u2', { status: 'applied' })] });
    renderCard();
    expect(await screen.findByText('No pending updates')).toBeTruthy();
  });

  it('reviews a pending update side by side and applies it', async () => {
    const api = stubDocsApi({ updates: [update('u1')] });
    renderCard();
    const dialog = await openReview('/docs/chat');
    const region = within(dialog).getByRole('region', { name: 'Differences' });
    expect(region.tabIndex).toBe(0);
    const cells = within(region).getAllByRole('cell');
    const removed = cells.find((cell) => cell.textContent?.includes('Old sentence.'));
    const added = cells.find((cell) => cell.textContent?.includes('New sentence.'));
    expect(removed?.className).toContain('bg-red');
    expect(removed?.textContent).toContain('Removed: Old sentence.');
    expect(added?.className).toContain('bg-green');
    // Same row: the replacement sits beside the removed line.
    expect(removed?.closest('tr')).toBe(added?.closest('tr'));
    expect(within(dialog).getByText('Change 1 of 1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await toastText()).toBe('Documentation updated/docs/chat');
    expect(api.calls).toContainEqual({ method: 'POST', url: '/api/admin/docs/updates/u1/apply', body: {} });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('tab', { name: 'Applied (1)' })).toBeTruthy();
    expect(screen.getByText('No pending updates')).toBeTruthy();
  });

  it('moves between changes with Previous / Next change, starting at the first', async () => {
    stubDocsApi({
      updates: [update('u1', { currentContent: 'a\nb\nc\nd\ne\n', suggestedContent: 'a\nB\nc\nd\nE\n' })],
    });
    renderCard();
    const dialog = await openReview('/docs/chat');
    expect(within(dialog).getByText('Change 1 of 2')).toBeTruthy();
    expect(within(dialog).getByText('+2').closest('p')?.textContent).toBe('+2 -2 lines');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next change' }));
    expect(within(dialog).getByText('Change 2 of 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next change' }));
    expect(within(dialog).getByText('Change 1 of 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous change' }));
    expect(within(dialog).getByText('Change 2 of 2')).toBeTruthy();
  });

  it('shows the server message when applying conflicts', async () => {
    const api = stubDocsApi({ updates: [update('u1')] });
    api.failures['POST /api/admin/docs/updates/u1/apply'] = {
      status: 409,
      body: { code: 'conflict', message: 'The page changed since this update was drafted' },
    };
    renderCard();
    const dialog = await openReview('/docs/chat');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await toastText()).toBe('Failed to apply updateThe page changed since this update was drafted');
    expect(within(dialog).getByRole('alert').textContent).toBe('The page changed since this update was drafted');
  });

  it('rejects a pending update', async () => {
    const api = stubDocsApi({ updates: [update('u1')] });
    renderCard();
    const dialog = await openReview('/docs/chat');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await toastText()).toBe('Update rejected/docs/chat');
    expect(api.calls).toContainEqual({ method: 'POST', url: '/api/admin/docs/updates/u1/reject', body: {} });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('tab', { name: 'Rejected (1)' })).toBeTruthy();
    expect(screen.getByText('No pending updates')).toBeTruthy();
  });
});

describe('Admin dashboard Documentation tab', () => {
  const me = (role: Me['role']): Me => ({
    id: 'me',
    email: 'me@example.com',
    full_name: 'Me',
    avatar_url: null,
    role,
    status: 'active',
    organization_id: 'org-a',
    created_at: '2026-01-01T00:00:00Z',
  });

  function renderDashboard(user: Me) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(queryKeys.me, user);
    const router = createMemoryRouter([{ path: '/admin', element: <AdminDashboard /> }], {
      initialEntries: ['/admin'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('is offered to super admins only', async () => {
    stubDocsApi();
    renderDashboard(me('admin'));
    expect(screen.getByRole('tab', { name: 'User Management' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Documentation' })).toBeNull();
    cleanup();
    renderDashboard(me('super_admin'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Documentation' }));
    expect(await screen.findByRole('heading', { name: 'Changes' })).toBeTruthy();
    expect(await screen.findByText('No changes detected yet')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Pages' })).toBeTruthy();
  });
});
