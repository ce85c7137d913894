import type { KnowledgeDocumentDetail } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentViewer } from './document-viewer';

const detail: KnowledgeDocumentDetail = {
  id: 'd1',
  collection_id: 'c1',
  file_name: 'page.html',
  file_type: 'text/html',
  file_size: 40,
  sha256: 'abc',
  status: 'ready',
  progress: 1,
  error: null,
  metadata: {},
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  content: 'Hello <img src=x onerror="alert(1)"> <b>world</b>',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DocumentViewer', () => {
  it('shows extracted content as plain text with a download link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(detail), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DocumentViewer id="d1" onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const content = await screen.findByTestId('document-content');
    expect(content.textContent).toBe(detail.content);
    expect(content.querySelector('img, b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download original' }).getAttribute('href')).toBe(
      '/api/knowledge/documents/d1/file',
    );
  });

  it('opens at a cited passage: marks it and says where it is', async () => {
    const text = { ...detail, content: 'Intro line.\n\nEmployees receive   twenty-five days of leave.\n\nEnd.' };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(text), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DocumentViewer
          id="d1"
          onClose={() => undefined}
          passage={{ text: 'Employees receive twenty-five days of leave.', page: 3 }}
        />
      </QueryClientProvider>,
    );
    const mark = await screen.findByTestId('cited-passage');
    expect(mark.tagName).toBe('MARK');
    expect(mark.textContent).toBe('Employees receive   twenty-five days of leave.');
    expect(screen.getByTestId('document-content').textContent).toBe(text.content);
    expect(screen.getByText('Extracted content, at the cited passage, page 3')).toBeTruthy();
  });
});
