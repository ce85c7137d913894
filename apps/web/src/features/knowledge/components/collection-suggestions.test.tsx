import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionPickerState } from '../hooks/use-collection-picker';
import { CollectionSuggestions } from './collection-suggestions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const picker = (selected: string[] = []): CollectionPickerState => ({
  collections: [],
  selected,
  indexing: false,
  toggle: vi.fn(),
  clear: vi.fn(),
});

function setup(draft: string, state: CollectionPickerState) {
  const fetch = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          suggestions: [
            { collection_id: 'k1', name: 'Contracts', score: 0.5, reason: 'Name matches "contracts"' },
            { collection_id: 'k2', name: 'Invoices', score: 0.2, reason: '1 document matches' },
          ],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <CollectionSuggestions draft={draft} picker={state} />
    </QueryClientProvider>,
  );
  const rerender = (next: string, nextState = state) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <CollectionSuggestions draft={next} picker={nextState} />
      </QueryClientProvider>,
    );
  return { fetch, rerender };
}

describe('CollectionSuggestions', () => {
  it('asks once typing pauses on 3+ words, and one click adds the collection to the picker', async () => {
    const state = picker();
    const { fetch } = setup('termination clause in contracts', state);
    const chip = await screen.findByRole('button', { name: 'Search in Contracts?' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/knowledge/suggest-collections');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'termination clause in contracts' });
    fireEvent.click(chip);
    expect(state.toggle).toHaveBeenCalledWith('k1');
    expect(screen.queryByRole('button', { name: 'Search in Contracts?' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss suggestion Invoices' }));
    expect(screen.queryByTestId('collection-suggestions')).toBeNull();
  });

  it('does not ask for short messages or when collections are already selected', async () => {
    const { fetch, rerender } = setup('two words', picker());
    await new Promise((resolve) => setTimeout(resolve, 600));
    rerender('now with enough words', picker(['k9']));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('collection-suggestions')).toBeNull();
  });
});
