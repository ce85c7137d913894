import type { AppVersion, DeploymentLog, GithubIntegration } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Me } from '@hearth/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { AdminDashboard } from '../../admin';
import { dismissToast } from '../../../components/ui/toast-store';
import { Toaster } from '../../../components/ui/toaster';
import { UpdatesTab } from './updates-tab';

const version = (
  id: string,
  number: string,
  status: AppVersion['deployment_status'],
  extra: Partial<AppVersion> = {},
) =>
  ({
    id,
    version: number,
    release_notes: `Notes of ${number}`,
    is_critical: false,
    deployment_status: status,
    deployed_at: status === 'live' ? '2026-01-02T00:00:00Z' : null,
    created_by_user_id: 'root',
    created_at: '2026-01-01T00:00:00Z',
    github_release_id: null,
    github_commit_sha: null,
    deployment_error: null,
    ...extra,
  }) satisfies AppVersion;

const VERSIONS = [
  version('v3', '1.2.0', 'staged'),
  version('v2', '1.1.0', 'live', { github_release_id: '77', is_critical: true }),
  version('v1', '1.0.0', 'draft'),
];

const LOGS: DeploymentLog[] = [
  {
    id: 'l2',
    version_id: 'v2',
    version: '1.1.0',
    deployment_status: 'in_progress',
    started_at: '2026-01-02T00:00:00Z',
    completed_at: null,
    github_release_id: '77',
    github_commit_sha: 'abcdef1234567',
    deployment_url: 'javascript:alert(1)',
    deployment_error: null,
    user_id: 'root',
  },
  {
    id: 'l1',
    version_id: 'v1',
    version: '1.0.0',
    deployment_status: 'failed',
    started_at: '2026-01-01T00:00:00Z',
    completed_at: '2026-01-01T00:01:05Z',
    github_release_id: null,
    github_commit_sha: null,
    deployment_url: null,
    deployment_error: 'GitHub API error: 422 - {"message":"Validation Failed"}',
    user_id: 'root',
  },
];

const integration = (configured: boolean): GithubIntegration => ({
  configured,
  owner: configured ? 'acme' : null,
  repo: configured ? 'hearth' : null,
  token_configured: configured,
  deployment_webhook_url: null,
  workflow_id: null,
  environment: 'production',
  api_base_url: 'https://api.github.com',
  updated_at: configured ? '2026-01-01T00:00:00Z' : null,
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubApi(configured: boolean, overrides: Record<string, { status: number; body: unknown }> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const override = overrides[`${method} ${url}`];
      const body =
        override?.body ??
        (url.startsWith('/api/admin/versions') && method === 'GET'
          ? { versions: VERSIONS }
          : url.startsWith('/api/admin/deployment-logs')
            ? { logs: LOGS }
            : url === '/api/admin/integrations/github'
              ? integration(configured)
              : VERSIONS[0]);
      return new Response(JSON.stringify(body), {
        status: override?.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UpdatesTab />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

describe('Updates tab', () => {
  it('lists versions with badges and only the moves each state offers', async () => {
    stubApi(true);
    renderTab();
    const staged = await screen.findByRole('listitem', { name: 'Version 1.2.0' });
    expect(within(staged).getByText('Staged')).toBeTruthy();
    const stagedActions = within(staged).getByRole('group');
    expect(
      within(stagedActions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Deploy', 'Deploy via GitHub', 'Delete']);
    const live = screen.getByRole('listitem', { name: 'Version 1.1.0' });
    expect(within(live).getByText('Critical')).toBeTruthy();
    expect(
      within(within(live).getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Rollback', 'GitHub Rollback']);
    const draft = screen.getByRole('listitem', { name: 'Version 1.0.0' });
    expect(
      within(within(draft).getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Stage', 'Delete']);
  });

  it('hides GitHub actions while the integration is not configured', async () => {
    stubApi(false);
    renderTab();
    const staged = await screen.findByRole('listitem', { name: 'Version 1.2.0' });
    await screen.findByText('Not configured');
    expect(within(staged).queryByText('Deploy via GitHub')).toBeNull();
  });

  it('shows log durations as m:ss or In progress..., and no link for a non-http URL', async () => {
    stubApi(true);
    renderTab();
    expect(await screen.findByText('In progress...')).toBeTruthy();
    expect(screen.getByText('1:05')).toBeTruthy();
    expect(screen.getByText('GitHub API error: 422 - {"message":"Validation Failed"}')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Release page' })).toBeNull();
  });

  it('stages a draft with a PATCH, and deploys via GitHub after confirming; a failure says Deployment Failed', async () => {
    const calls = stubApi(true, {
      'POST /api/admin/versions/v3/deploy': {
        status: 502,
        body: { code: 'upstream_error', message: 'GitHub API error: 422 - nope' },
      },
    });
    renderTab();
    const draft = await screen.findByRole('listitem', { name: 'Version 1.0.0' });
    fireEvent.click(within(draft).getByRole('button', { name: 'Stage' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        url: '/api/admin/versions/v1',
        body: { deployment_status: 'staged' },
      }),
    );
    const staged = screen.getByRole('listitem', { name: 'Version 1.2.0' });
    fireEvent.click(within(staged).getByRole('button', { name: 'Deploy via GitHub' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deploy via GitHub' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Deployment Failed'));
    expect(screen.getByTestId('toast').textContent).toContain('GitHub API error: 422 - nope');
  });

  it('validates the version number before creating', async () => {
    const calls = stubApi(true);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'New Version' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Version number'), { target: { value: 'v1.0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('dotted numbers');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Version number'), { target: { value: '1.3.0' } });
    fireEvent.change(within(dialog).getByLabelText('Release notes'), { target: { value: 'Better' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Version' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/admin/versions',
        body: { version: '1.3.0', release_notes: 'Better', is_critical: false, deployment_status: 'draft' },
      }),
    );
  });

  it('GitHub card: missing fields, not configured, and a write-only token', async () => {
    const calls = stubApi(false);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Test Connection' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Not Configured');
    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: 'acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast').textContent).toContain(
        'Missing ConfigurationPlease fill in all required fields',
      ),
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Repository'), { target: { value: 'hearth' } });
    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: 'ghp_secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      owner: 'acme',
      repo: 'hearth',
      token: 'ghp_secret',
    });
  });
});

describe('Admin dashboard Updates tab', () => {
  const me = (role: Me['role']): Me => ({
    id: 'me',
    email: 'me@example.com',
    full_name: 'Me',
    avatar_url: null,
    role,
    status: 'active',
    organization_id: 'org-a',
    created_at: '2026-01-01T00:00:00Z',
  });
  function renderDashboard(user: Me) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(queryKeys.me, user);
    const router = createMemoryRouter([{ path: '/admin', element: <AdminDashboard /> }], {
      initialEntries: ['/admin'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('is offered to super admins only', async () => {
    stubApi(true);
    renderDashboard(me('admin'));
    expect(screen.getByRole('tab', { name: 'User Management' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Updates' })).toBeNull();
    cleanup();
    renderDashboard(me('super_admin'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Updates' }));
    expect(await screen.findByRole('listitem', { name: 'Version 1.2.0' })).toBeTruthy();
  });
});
