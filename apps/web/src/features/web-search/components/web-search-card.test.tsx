import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { WebSearchCard } from './web-search-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = (role: string) => ({
  id: 'u1',
  email: 'a@example.test',
  full_name: null,
  avatar_url: null,
  role,
  status: 'active',
  organization_id: null,
  created_at: '2026-01-01T00:00:00Z',
});

const SETTINGS = { enabled: false, provider: 'searxng', base_url: null, api_key_configured: false, results: 5 };

describe('Web search card (Workspace → Tools)', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  let role = 'super_admin';

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation((input, init) => {
      if (input === '/api/auth/me') return Promise.resolve(json(200, me(role)));
      if (input === '/api/web-search/status') return Promise.resolve(json(200, { enabled: false }));
      if (input === '/api/admin/web-search/test') {
        return Promise.resolve(
          json(200, { ok: true, error: null, results: [{ title: 'Hit', url: 'https://hit.example/', snippet: '' }] }),
        );
      }
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return Promise.resolve(json(200, { ...SETTINGS, ...body, api_key_configured: Boolean(body.api_key) }));
      }
      return Promise.resolve(json(200, SETTINGS));
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const renderCard = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WebSearchCard />
        <Toaster />
      </QueryClientProvider>,
    );

  it('lets a super admin turn on SearXNG at an address, then run a test search', async () => {
    renderCard();
    fireEvent.click(await screen.findByRole('switch', { name: 'Allow web search in chats' }));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'http://searx.lan:8080' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Web search is on')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      enabled: true,
      provider: 'searxng',
      base_url: 'http://searx.lan:8080',
      results: 5,
    });

    fireEvent.change(screen.getByLabelText('Test query'), { target: { value: 'hearth' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test search' }));
    expect(await screen.findByText('1 result found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hit' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows other admins the settings read-only, and users only whether it is on', async () => {
    role = 'admin';
    renderCard();
    expect(await screen.findByText('Only a super admin can change these settings.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Allow web search in chats' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    cleanup();
    role = 'user';
    const before = fetchMock.mock.calls.length;
    renderCard();
    expect(await screen.findByText('An administrator has not turned web search on.')).toBeTruthy();
    // A user's card never asks for the admin settings.
    expect(fetchMock.mock.calls.slice(before).some(([input]) => input === '/api/admin/web-search')).toBe(false);
  });
});
