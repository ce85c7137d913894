import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { docPages } from '../lib/doc-pages';
import { DocPagesCard } from './doc-pages-card';
import { fakeDocApi, pageSource } from './test-doc-api';

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <DocPagesCard /> }], { initialEntries: ['/admin'] });
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

describe('DocPagesCard', () => {
  it('lists every page with Edited (revision, date) or Shipped, and an Edit link', async () => {
    fakeDocApi({ sources: [pageSource('Chatting', 'One.'), pageSource('Chatting', 'Two.')] });
    renderCard();
    const chat = await screen.findByRole('listitem', { name: 'Chat' });
    expect(screen.getAllByRole('listitem')).toHaveLength(docPages.size);
    expect(within(chat).getByText('/docs/chat')).toBeTruthy();
    expect(within(chat).getByText(/^Edited · r2 · /).textContent).toMatch(/2026/);
    expect(within(chat).getByRole('link', { name: 'Edit Chat' }).getAttribute('href')).toBe('/docs/chat?edit=1');
    const gpu = screen.getByRole('listitem', { name: 'GPU acceleration' });
    expect(within(gpu).getByText('Shipped')).toBeTruthy();
  });

  it('filters by title or path and says when nothing matches', async () => {
    fakeDocApi();
    renderCard();
    await screen.findByRole('listitem', { name: 'Chat' });
    fireEvent.change(screen.getByLabelText('Filter pages'), { target: { value: 'tutorials/' } });
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Ask questions about your PDFs']),
    );
    expect(screen.queryByRole('listitem', { name: 'Chat' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Filter pages'), { target: { value: 'zebra' } });
    expect(screen.getByRole('status').textContent).toBe('No pages match “zebra”.');
  });

  it('says when the pages cannot be loaded', async () => {
    fakeDocApi({
      answers: { 'GET /api/admin/docs/pages': { status: 403, body: { code: 'forbidden', message: 'No' } } },
    });
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the pages: No');
  });
});
