import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { parseHostList } from '../api/network-settings';
import { NetworkAccessCard } from './network-access-card';

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

describe('Network access card', () => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  let role = 'admin';

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation((input, init) => {
      if (input === '/api/auth/me') return Promise.resolve(json(200, me(role)));
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { allowed_hosts: string[] };
        if (body.allowed_hosts.includes('169.254.169.254')) {
          return Promise.resolve(json(400, { code: 'validation_error', message: '"169.254.169.254" is not allowed.' }));
        }
        return Promise.resolve(json(200, body));
      }
      return Promise.resolve(json(200, { allowed_hosts: ['wiki.corp'] }));
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
        <NetworkAccessCard />
        <Toaster />
      </QueryClientProvider>,
    );

  it('splits the list on lines, commas and spaces', () => {
    expect(parseHostList(' wiki.corp\n\n10.0.0.0/8, fd12::1 ')).toEqual(['wiki.corp', '10.0.0.0/8', 'fd12::1']);
  });

  it('shows the saved list to admins and saves edits', async () => {
    role = 'admin';
    renderCard();
    const box = await screen.findByLabelText('Allowed intranet hosts');
    expect(box).toHaveProperty('value', 'wiki.corp');
    fireEvent.change(box, { target: { value: 'wiki.corp\n10.20.0.0/16' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Network access saved')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ allowed_hosts: ['wiki.corp', '10.20.0.0/16'] });
  });

  it("shows the server's refusal", async () => {
    role = 'super_admin';
    renderCard();
    fireEvent.change(await screen.findByLabelText('Allowed intranet hosts'), { target: { value: '169.254.169.254' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save network access')).toBeTruthy();
    expect(screen.getByText('"169.254.169.254" is not allowed.')).toBeTruthy();
  });

  it('is not shown to other users', async () => {
    role = 'user';
    renderCard();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Network access')).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => input === '/api/admin/settings/network')).toBe(false);
  });
});
