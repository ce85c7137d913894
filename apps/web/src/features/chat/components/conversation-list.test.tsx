import type { Conversation } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { flushPendingDeletes } from '../lib/pending-deletes';
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
  // Deleting asks first, then offers Undo.
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

  /** The recent list answers `page`; pinned chats and folders are their own (empty) queries. */
  const serve = (onBulk: () => Response) =>
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'POST' && input.includes('/bulk')) return Promise.resolve(onBulk());
      if (input.includes('/api/chat-folders')) return Promise.resolve(json(200, { folders: [] }));
      if (input.includes('section=pinned')) return Promise.resolve(json(200, { conversations: [], next_cursor: null }));
      return Promise.resolve(json(200, page));
    });
  const bulkCalls = () =>
    fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && input.includes('/bulk'));

  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('groups conversations and opens one at /c/:id', async () => {
    serve(() => json(200, { count: 0 }));
    const router = renderList();
    expect(await screen.findByRole('group', { name: 'Today' })).toHaveProperty(
      'textContent',
      expect.stringContaining('Fresh talk'),
    );
    expect(screen.getByRole('group', { name: 'Older' }).textContent).toContain('Old talk');
    fireEvent.click(screen.getByRole('button', { name: 'Old talk' }));
    expect(router.state.location.pathname).toBe('/c/c2');
  });

  it('hides a deleted conversation at once and Undo brings it back without asking the server', async () => {
    serve(() => json(200, { count: 1 }));
    renderList();
    await openMenuAndDelete('Fresh talk');
    expect(await screen.findByText('Conversation deleted successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fresh talk' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Fresh talk' })).toBeTruthy();
    flushPendingDeletes();
    expect(bulkCalls()).toHaveLength(0);
  });

  it('sends the delete when the undo window ends (or the page closes)', async () => {
    serve(() => json(200, { count: 1 }));
    renderList();
    await openMenuAndDelete('Old talk');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Old talk' })).toBeNull());
    flushPendingDeletes();
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    const [, init] = bulkCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ ids: ['c2'], action: 'delete' });
    expect(init?.keepalive).toBe(true);
  });

  it('shows the conversation again and says so when the delete fails', async () => {
    serve(() => json(500, { code: 'internal_error', message: 'x' }));
    renderList();
    await openMenuAndDelete('Fresh talk');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fresh talk' })).toBeNull());
    flushPendingDeletes();
    expect(await screen.findByText('Failed to delete conversation. Please try again.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Fresh talk' })).toBeTruthy();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    serve(() => json(200, { count: 1 }));
    renderList();
    await openMenuAndDelete('Fresh talk', 'Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    flushPendingDeletes();
    expect(bulkCalls()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Fresh talk' })).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        input.includes('/api/chat-folders')
          ? json(200, { folders: [] })
          : json(200, { conversations: [], next_cursor: null }),
      ),
    );
    renderList();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });
});
