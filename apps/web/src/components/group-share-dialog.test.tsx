import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupShareDialog } from './group-share-dialog';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GroupShareDialog', () => {
  it('shows the saved groups checked and replaces the list with the ones chosen', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/groups') {
        return json({
          groups: [
            { id: 'g1', organization_id: 'o1', name: 'Editors', member_count: 2, created_at: '2026-01-01T00:00:00Z' },
            { id: 'g2', organization_id: 'o1', name: 'Otters', member_count: 1, created_at: '2026-01-01T00:00:00Z' },
          ],
        });
      }
      if (init?.method === 'PUT') return json({ groups: [{ id: 'g2', name: 'Otters' }] });
      return json({ groups: [{ id: 'g1', name: 'Editors' }] });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <GroupShareDialog
          title="Release notes"
          target={{ path: '/api/prompts/p1/groups', queryKey: ['prompts', 'groups', 'p1'] }}
          seenIn="their library"
        />
      </QueryClientProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Share Release notes with groups' }));
    expect(await screen.findByText(/see "Release notes" in their library/)).toBeTruthy();
    const editors = await screen.findByRole('checkbox', { name: 'Editors' });
    await waitFor(() => expect((editors as HTMLInputElement).checked).toBe(true));
    fireEvent.click(editors);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Otters' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save sharing' }));

    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/prompts/p1/groups');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ group_ids: ['g2'] });
  });
});
