import type { Conversation } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { ConversationList } from './conversation-list';

const conversation = (id: string, title: string, updated: Date): Conversation => ({
  id,
  title,
  created_at: updated.toISOString(),
  updated_at: updated.toISOString(),
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ConversationList signedIn /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

async function openMenuAndDelete(title: string, answer: 'Delete' | 'Cancel' = 'Delete') {
  const trigger = await screen.findByRole('button', { name: `Options for ${title}` });
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false });
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  // The server deletes at once, so the row asks first.
  const dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' });
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
}

describe('ConversationList', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  const now = new Date();
  const page = {
    conversations: [
      conversation('c1', 'Fresh talk', now),
      conversation('c2', 'Old talk', new Date(now.getTime() - 10 * 86_400_000)),
    ],
    next_cursor: null,
  };

  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('groups conversations and opens one at /c/:id', async () => {
    fetchMock.mockResolvedValue(json(200, page));
    const router = renderList();
    expect(await screen.findByRole('group', { name: 'Today' })).toHaveProperty(
      'textContent',
      expect.stringContaining('Fresh talk'),
    );
    expect(screen.getByRole('group', { name: 'Older' }).textContent).toContain('Old talk');
    fireEvent.click(screen.getByRole('button', { name: 'Old talk' }));
    expect(router.state.location.pathname).toBe('/c/c2');
  });

  it('keeps the conversation and says so when the delete fails', async () => {
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'DELETE' ? json(500, { code: 'internal_error', message: 'x' }) : json(200, page),
      ),
    );
    renderList();
    await openMenuAndDelete('Fresh talk');
    expect(await screen.findByText('Failed to delete conversation. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fresh talk' })).toBeTruthy();
  });

  it('removes the conversation only after the server deleted it', async () => {
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(init?.method === 'DELETE' ? json(200, { ok: true }) : json(200, page)),
    );
    renderList();
    await openMenuAndDelete('Fresh talk');
    expect(await screen.findByText('Conversation deleted successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fresh talk' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Old talk' })).toBeTruthy();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(init?.method === 'DELETE' ? json(200, { ok: true }) : json(200, page)),
    );
    renderList();
    await openMenuAndDelete('Fresh talk', 'Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('button', { name: 'Fresh talk' })).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    fetchMock.mockResolvedValue(json(200, { conversations: [], next_cursor: null }));
    renderList();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });
});
