import type { KnowledgeDocument } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { DocumentCard } from './document-card';

const CRASHED = 'This file stopped the server while it was being read, 3 times, so it was given up.';

const failed: KnowledgeDocument = {
  id: 'd1',
  collection_id: 'c1',
  file_name: 'broken.pdf',
  file_type: 'pdf',
  file_size: 2048,
  sha256: 'abc',
  status: 'failed',
  progress: 0,
  error: CRASHED,
  metadata: {},
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderCard(document: KnowledgeDocument) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DocumentCard document={document} onOpen={() => undefined} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DocumentCard', () => {
  it('shows a failed document with its error, Retry and Delete; Retry asks the server to read it again', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      json(202, { ...failed, status: 'queued', error: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderCard(failed);
    expect(screen.getByText(CRASHED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete document broken.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry document broken.pdf' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/knowledge/documents/d1/retry');
    expect(init?.method).toBe('POST');
  });

  it('says so when the retry is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { code: 'conflict', message: 'Only a document that failed can be tried again.' })),
    );
    renderCard(failed);
    fireEvent.click(screen.getByRole('button', { name: 'Retry document broken.pdf' }));
    expect(await screen.findByText('Error retrying document')).toBeTruthy();
    expect(screen.getByText('Only a document that failed can be tried again.')).toBeTruthy();
  });

  it('offers no Retry for a document that did not fail', () => {
    renderCard({ ...failed, status: 'ready', progress: 1, error: null });
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete document broken.pdf' })).toBeTruthy();
  });
});
