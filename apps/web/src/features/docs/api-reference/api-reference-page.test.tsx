import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiReferencePage } from './api-reference-page';

const openApi = {
  openapi: '3.1.0',
  info: {
    title: 'Hearth API',
    version: '0.1.0',
    description: 'Errors always have the shape {code, message, details}.',
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
        required: ['code', 'message'],
      },
    },
  },
  paths: {
    '/api/chat/stream': {
      post: {
        tags: ['chat'],
        summary: 'Send a message and stream the answer',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { model: { type: 'string', minLength: 1 }, content: { type: 'string', maxLength: 100000 } },
                required: ['model', 'content'],
              },
            },
          },
        },
        responses: { '400': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
      },
    },
  },
};

const fetchMock = vi.fn<(input: string) => Promise<Response>>();

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiReferencePage />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ApiReferencePage', () => {
  it('renders operations with their request schema and the error shape from the OpenAPI document', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(openApi), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    renderPage();
    expect(await screen.findByText('/api/chat/stream')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/openapi.json');
    expect(screen.getByText('POST')).toBeTruthy();
    expect(screen.getByText('Send a message and stream the answer')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Errors' })).toBeTruthy();
    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.getByText('at most 100000 characters')).toBeTruthy();
    expect(screen.getAllByText('required').length).toBeGreaterThanOrEqual(2);

    fireEvent.change(screen.getByLabelText('Filter operations'), { target: { value: 'no such route' } });
    expect(screen.getByRole('status').textContent).toContain('No operations match');
  });

  it('says when the document cannot be loaded and offers a retry', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    renderPage();
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'The API description could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
