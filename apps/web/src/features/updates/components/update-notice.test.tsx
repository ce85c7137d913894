import type { AvailableUpdate, UpdatesResponse } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { UpdateNotice } from './update-notice';

const available = (extra: Partial<AvailableUpdate> = {}): AvailableUpdate => ({
  version: '2.0.0',
  release_notes: 'Faster **search**\n\n<script>alert(1)</script>',
  is_critical: true,
  release_url: 'https://releases.example/v2.0.0',
  source: 'feed',
  snoozed_until: null,
  dismissed: false,
  upgrade: {
    install_type: 'compose',
    label: 'Docker Compose',
    commands: ['git fetch --tags && git checkout v2.0.0', 'docker compose up -d --build'],
    note: 'Run these in the folder with your docker-compose file.',
  },
  can_upgrade_now: false,
  ...extra,
});

/** A stand-in for the server: /api/updates answers with `state`; the actions change it as the server would. */
let state: UpdatesResponse;
let health: string;
let calls: string[];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  state = { server_version: '1.0.0', available: available(), feed: null, whats_new: null };
  health = '1.0.0';
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as { version?: string }) : {};
      calls.push(`${method} ${url}${body.version ? ` ${body.version}` : ''}`);
      if (url === '/api/updates') return json(state);
      if (url === '/health')
        return json({
          status: 'ok',
          version: health,
          database: { status: 'ok', dialect: 'sqlite' },
          storage: { status: 'ok', driver: 'fs' },
        });
      if (url === '/api/updates/snooze' && state.available) {
        state.available = { ...state.available, snoozed_until: '2030-01-01T00:00:00.000Z' };
        return json({ snoozed_until: state.available.snoozed_until });
      }
      if (url === '/api/updates/dismiss' && state.available) {
        state.available = { ...state.available, dismissed: true };
        return json({ ok: true });
      }
      if (url === '/api/updates/whats-new/seen') {
        state.whats_new = null;
        return json({ ok: true });
      }
      if (url === '/api/updates/upgrade') return json({ requested_version: '2.0.0', running_version: '1.0.0' });
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderNotice(reload = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UpdateNotice userId="user-1" reload={reload} />
      <Toaster />
    </QueryClientProvider>,
  );
  return reload;
}

const card = () => screen.findByRole('region', { name: 'Update Available' });

describe('Update notice', () => {
  it('shows an admin the version, the Critical badge, the notes (sanitised) and how to upgrade', async () => {
    renderNotice();
    const region = await card();
    expect(region.textContent).toContain('Version 2.0.0 is now available. This server runs 1.0.0.');
    expect(region.textContent).toContain('Critical');
    expect(await screen.findByText('search', {}, { timeout: 8000 })).toBeTruthy();
    expect(region.querySelector('script')).toBeNull();
    expect(screen.getByRole('region', { name: 'How to upgrade this install' })).toBeTruthy();
    expect(screen.getByTestId('install-type').textContent).toBe('Detected: Docker Compose');
    expect(screen.getByTestId('upgrade-commands').textContent).toBe(
      'git fetch --tags && git checkout v2.0.0\ndocker compose up -d --build',
    );
    // Nothing installs from the browser: no Update Now, and no Upgrade now without a deploy webhook.
    expect(screen.queryByRole('button', { name: /update now/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade now' })).toBeNull();
  });

  it('shows a user nothing when the server sends no update', async () => {
    state.available = null;
    renderNotice();
    await waitFor(() => expect(calls).toContain('GET /api/updates'));
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Available' })).toBeNull();
  });

  it('Later is kept on the server: the card collapses, and starts collapsed next time', async () => {
    renderNotice();
    await card();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(await screen.findByRole('button', { name: 'Update Available' })).toBeTruthy();
    expect(calls).toContain('POST /api/updates/snooze');
    cleanup();
    renderNotice();
    expect(await screen.findByRole('button', { name: 'Update Available' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Available' }));
    expect(await card()).toBeTruthy();
  });

  it('X dismisses that version', async () => {
    renderNotice();
    await card();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss version 2.0.0' }));
    expect(await screen.findByRole('button', { name: 'Update Available' })).toBeTruthy();
    expect(calls).toContain('POST /api/updates/dismiss 2.0.0');
  });

  it('Upgrade now waits for /health to report the new version before saying so', async () => {
    state.available = available({ can_upgrade_now: true });
    const reload = renderNotice();
    await card();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(calls).toContain('POST /api/updates/upgrade 2.0.0'));
    await waitFor(() => expect(calls).toContain('GET /health'));
    expect((await screen.findByTestId('upgrade-status')).textContent).toContain(
      'Waiting for the server to report 2.0.0',
    );
    expect(screen.queryByText(/now runs/)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    health = '2.0.0';
    expect(await screen.findByText('Hearth now runs 2.0.0', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  }, 15_000);

  it('tells every user once that Hearth was updated, until they close it', async () => {
    state = {
      server_version: '2.0.0',
      available: null,
      feed: null,
      whats_new: { version: '2.0.0', previous_version: '1.0.0', release_notes: 'New **things**', release_url: null },
    };
    renderNotice();
    const region = await screen.findByRole('region', { name: 'Hearth was updated to 2.0.0' });
    fireEvent.click(screen.getByRole('button', { name: "What's new" }));
    expect(await screen.findByText('things', {}, { timeout: 8000 })).toBeTruthy();
    expect(region).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Close what's new" }));
    await waitFor(() => expect(calls).toContain('POST /api/updates/whats-new/seen 2.0.0'));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Hearth was updated/ })).toBeNull());
  });
});
