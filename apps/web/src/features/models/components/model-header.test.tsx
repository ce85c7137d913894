import type { InstalledModel } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModelSelection } from '../hooks/use-model-selection';
import { ModelHeader } from './model-header';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The built-in runtime's tiny test model as the server lists it: no size, no date, 260K parameters. */
const tiny: InstalledModel = {
  id: 'stories260K.gguf',
  name: 'stories260K.gguf',
  size: 0,
  modified_at: '1970-01-01T00:00:00.000Z',
  digest: '',
  details: { parameter_size: '260K', quantization_level: null, format: 'gguf', family: null, families: null },
  provider: { id: 'builtin', kind: 'builtin', name: 'Built-in' },
  capabilities: { vision: false, embedding: false },
};

function Header() {
  const selection = useModelSelection();
  return <ModelHeader selection={selection} taskContext={{ message: '' }} />;
}

describe('Model header and panel', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  let runtimeUp = true;

  beforeEach(() => {
    runtimeUp = true;
    window.localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/ollama/status'))
        return json(200, {
          connected: runtimeUp,
          models: [],
          error: runtimeUp ? null : 'connect ECONNREFUSED',
        });
      if (url.endsWith('/api/ollama/models')) return json(200, { models: runtimeUp ? [tiny] : [] });
      if (url.endsWith('/api/system/mode'))
        return json(200, {
          mode: 'CPU',
          gpu_available: false,
          current_model: null,
          timestamp: new Date().toISOString(),
          gpu_info: null,
          container_hostname: 'test',
          fallback: false,
          error: null,
        });
      if (url.endsWith('/api/instance/defaults')) return json(200, { default_model: null, upload_limit_mb: 10 });
      return json(404, { code: 'not_found', message: url });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const renderHeader = () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <Header />
      </QueryClientProvider>,
    );
    return queryClient;
  };

  it('shows only reported facts: no ratings, no confidence, no 0.0 GB, no 1970', async () => {
    renderHeader();
    await waitFor(() => expect(screen.getByTestId('selected-model').textContent).toBe('stories260K.gguf'));
    fireEvent.click(screen.getByRole('button', { name: 'Select model' }));
    const panel = await screen.findByRole('dialog');
    const card = within(panel).getByRole('article', { name: 'stories260K.gguf' });
    expect(card.textContent).toContain('260K parameters');
    expect(panel.textContent).not.toMatch(/Accuracy|Speed|Resources|confidence|%|0\.0 GB|1970/);
  });

  it('a runtime that goes down leaves its model unavailable with a Retry that checks again', async () => {
    const queryClient = renderHeader();
    await waitFor(() => expect(screen.getByTestId('selected-model').textContent).toBe('stories260K.gguf'));
    expect(screen.getByTestId('connection-dot').getAttribute('data-connected')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    runtimeUp = false;
    await queryClient.refetchQueries({ queryKey: ['models'] });
    await waitFor(() => expect(screen.getByTestId('model-unavailable').textContent).toBe('Unavailable'));
    expect(screen.getByTestId('selected-model').textContent).toBe('stories260K.gguf');
    expect(screen.getByTestId('connection-dot').getAttribute('data-connected')).toBe('false');

    runtimeUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('model-unavailable')).toBeNull());
    expect(screen.getByTestId('connection-dot').getAttribute('data-connected')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
