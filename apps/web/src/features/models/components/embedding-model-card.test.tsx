import type { EmbeddingSettingsResponse } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { EmbeddingModelCard } from './embedding-model-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const provider = { id: 'ollama', kind: 'ollama' as const, name: 'Ollama (127.0.0.1:11434)' };
const settings = (active: EmbeddingSettingsResponse['active'], embedded: number): EmbeddingSettingsResponse => ({
  active,
  vector_store: 'sqlite-vec',
  available: [
    { id: 'ollama:nomic-embed-text', name: 'nomic-embed-text', provider, embedding: true },
    { id: 'ollama:llama3:latest', name: 'llama3:latest', provider, embedding: false },
  ],
  collections: [
    { collection_id: 'c1', embedding_model: null, embedded_chunks: embedded, total_chunks: 10, error: null },
  ],
});

describe('Embedding model card', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  let putReply: () => Response;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT' ? putReply() : json(200, settings(null, 0)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const renderCard = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EmbeddingModelCard />
        <Toaster />
      </QueryClientProvider>,
    );

  it('shows keyword-only search, then saves the chosen model and shows re-embedding progress', async () => {
    putReply = () => json(200, settings({ id: 'ollama:nomic-embed-text', dims: 768 }, 4));
    renderCard();
    expect(await screen.findByText('none, keyword search only')).toBeTruthy();
    const select = screen.getByLabelText('Model');
    const button = screen.getByRole('button', { name: 'Use this model' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'ollama:nomic-embed-text' } });
    fireEvent.click(button);
    expect(await screen.findByText('Re-embedding 4/10 chunks')).toBeTruthy();
    expect(screen.getByText('ollama:nomic-embed-text (768 dimensions)')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ model: 'ollama:nomic-embed-text' });
  });

  it('says why a model could not be used', async () => {
    putReply = () => json(502, { code: 'upstream_error', message: 'ollama:llama3:latest could not make an embedding' });
    renderCard();
    await screen.findByText('none, keyword search only');
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'ollama:llama3:latest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this model' }));
    await waitFor(() => expect(screen.getByText('ollama:llama3:latest could not make an embedding')).toBeTruthy());
  });
});
