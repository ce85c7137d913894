import type { KnowledgeCollection } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { ScrapeDialog } from './scrape-dialog';

const collection = (id: string, name: string): KnowledgeCollection => ({
  id,
  name,
  description: null,
  document_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  recent_documents: [],
  indexing: { pending: 0, failed: 0 },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Scrape Website dialog', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  let scrapeReply: () => Promise<Response>;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation((input) =>
      input.startsWith('/api/knowledge/scrape')
        ? scrapeReply()
        : Promise.resolve(json(200, { collections: [collection('c1', 'Papers'), collection('c2', 'Recipes')] })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  async function openDialog() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ScrapeDialog defaultCollectionId="c2" />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Scrape Website' }));
    await screen.findByRole('option', { name: 'Recipes' });
  }
  const scrapeCalls = () => fetchMock.mock.calls.filter(([input]) => input === '/api/knowledge/scrape');

  it('asks for a URL before sending anything', async () => {
    await openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Scrape' }));
    expect(await screen.findByText('URL required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid URL to scrape')).toBeTruthy();
    expect(scrapeCalls()).toHaveLength(0);
  });

  it('sends the URL, the selected collection and the options, showing progress, then the result', async () => {
    let finish: (response: Response) => void = () => undefined;
    scrapeReply = () => new Promise((resolve) => (finish = resolve));
    await openDialog();
    expect(screen.getByLabelText('Collection')).toHaveProperty('value', 'c2');
    expect(screen.getByLabelText('Respect robots.txt')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Follow sitemap')).toHaveProperty('checked', false);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: ' https://example.org/docs ' } });
    fireEvent.click(screen.getByLabelText('Follow sitemap'));
    fireEvent.click(screen.getByRole('button', { name: 'Scrape' }));

    expect(await screen.findByText('Scraping...')).toBeTruthy();
    const [, init] = scrapeCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      url: 'https://example.org/docs',
      collectionId: 'c2',
      respectRobots: true,
      followSitemap: true,
    });
    finish(json(200, { message: 'Imported 12 pages (1 skipped).', documentsCreated: 12, skipped: [] }));
    expect(await screen.findByText('Website scraped')).toBeTruthy();
    expect(screen.getByText('Imported 12 pages (1 skipped). The documents are being indexed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'Scraping failed' with the server's message", async () => {
    scrapeReply = () =>
      Promise.resolve(
        json(400, {
          code: 'url_not_allowed',
          message: 'This address is not allowed: it points to a private network.',
        }),
      );
    await openDialog();
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://192.168.1.1/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scrape' }));
    expect(await screen.findByText('Scraping failed')).toBeTruthy();
    expect(screen.getByText('This address is not allowed: it points to a private network.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
