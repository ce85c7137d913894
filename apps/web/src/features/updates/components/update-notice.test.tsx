import { UPDATE_CHECK_INTERVAL_MS, type UpdateNotification, type UpdatesResponse } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { PENDING_UPDATE_KEY, storePendingUpdate } from '../lib/pending-update';
import { UPDATE_RELOAD_DELAY_MS, UpdateNotice } from './update-notice';

const USER = 'user-1';
const RUNNING = '1.0.0';

/** A stand-in for the server's /api/updates routes, keeping the state the real ones change. */
let state: UpdatesResponse;
let calls: string[];
let failFinalize: boolean;

const note = (id: string, versionId = 'v2'): UpdateNotification => ({
  id,
  version_id: versionId,
  version: '2.0.0',
  title: 'Update available',
  message: 'A new version is available',
  release_notes: '',
  is_critical: false,
  notification_type: 'update_available',
  is_read: false,
  read_at: null,
  dismissed_at: null,
  created_at: '2026-11-22T00:00:00.000Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  state = {
    latest: {
      id: 'v2',
      version: '2.0.0',
      release_notes: 'Faster **search**\n\n<script>alert(1)</script>',
      is_critical: true,
      deployed_at: '2026-11-22T00:00:00.000Z',
    },
    last_updated_version: null,
    notifications: [note('n1')],
    latest_dismissed: false,
    server_version: RUNNING,
  };
  calls = [];
  failFinalize = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'GET' && url === '/api/updates') return json(state);
      if (method === 'POST' && url === '/api/updates/notifications/n1/read') {
        state.notifications = state.notifications.map((n) => (n.id === 'n1' ? { ...n, is_read: true } : n));
        return json(state.notifications[0]);
      }
      if (method === 'POST' && url === '/api/updates/dismiss-all') {
        const dismissed = state.notifications.length;
        state = { ...state, notifications: [], latest_dismissed: dismissed > 0 };
        return json({ dismissed });
      }
      if (method === 'POST' && url === '/api/updates/finalize') {
        if (failFinalize) return json({ code: 'not_found', message: 'Version not found' }, 404);
        const { version } = JSON.parse(String(init?.body)) as { version: string };
        state = { ...state, last_updated_version: version, notifications: [] };
        return json({ last_updated_version: version, dismissed: 1 });
      }
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

function renderNotice(reload = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UpdateNotice userId={USER} appVersion={RUNNING} reload={reload} />
      <Toaster />
    </QueryClientProvider>,
  );
  return reload;
}

const card = () => screen.findByRole('region', { name: 'Update Available' });

describe('Update Available card', () => {
  it('shows the version, the Critical badge and the notes (sanitised), and marks the notification read', async () => {
    renderNotice();
    const region = await card();
    expect(region.textContent).toContain('Version 2.0.0 is now available');
    expect(region.textContent).toContain('Critical');
    expect(region.textContent).toContain("What's New");
    expect(await screen.findByText('search')).toBeTruthy();
    expect(region.querySelector('script')).toBeNull();
    await waitFor(() => expect(calls).toContain('POST /api/updates/notifications/n1/read'));
  });

  it('stays hidden when the running version equals the latest (1.0 = 1.0.0)', async () => {
    if (state.latest) state.latest = { ...state.latest, version: '1.0' };
    renderNotice();
    await waitFor(() => expect(calls).toContain('GET /api/updates'));
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Available' })).toBeNull();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('Later collapses it to the small button, which opens it again', async () => {
    renderNotice();
    await card();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Available' }));
    expect(await card()).toBeTruthy();
    expect(calls).not.toContain('POST /api/updates/dismiss-all');
  });

  it('X dismisses all notifications and collapses; a later start begins collapsed', async () => {
    renderNotice();
    await card();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss update notifications' }));
    expect(await screen.findByRole('button', { name: 'Update Available' })).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /api/updates/dismiss-all'));
    expect(state.latest_dismissed).toBe(true);
    cleanup();
    renderNotice();
    expect(await screen.findByRole('button', { name: 'Update Available' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
  });

  it('Update Now shows Updating..., stores the pending version and reloads after a moment', async () => {
    const reload = renderNotice();
    await card();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Update Now' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeTruthy();
    expect(screen.getByText('Updating Application')).toBeTruthy();
    expect(screen.getByText('Installing version 2.0.0...')).toBeTruthy();
    const pending = JSON.parse(window.localStorage.getItem(PENDING_UPDATE_KEY) ?? 'null') as { version: string };
    expect(pending).toMatchObject({ version: '2.0.0', userId: USER });
    act(() => vi.advanceTimersByTime(UPDATE_RELOAD_DELAY_MS - 1));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after the reload, finalises the pending update once and the card goes away', async () => {
    storePendingUpdate('2.0.0', USER);
    renderNotice();
    expect(await screen.findByText('Updating Application')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /api/updates/finalize'));
    await waitFor(() => expect(state.last_updated_version).toBe('2.0.0'));
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/updates').length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Update Available' })).toBeNull();
    expect(calls.filter((call) => call === 'POST /api/updates/finalize')).toHaveLength(1);
    expect(window.localStorage.getItem(PENDING_UPDATE_KEY)).toBeNull();
  });

  it('does not trust a check that started before the update was recorded', async () => {
    // Read before the reload (as Update Now follows seeing the card), so nothing else triggers a new check.
    state.notifications = state.notifications.map((n) => ({ ...n, is_read: true, read_at: n.created_at }));
    storePendingUpdate('2.0.0', USER);
    const stub = vi.mocked(fetch);
    const serve = stub.getMockImplementation();
    let finalized: () => void = () => undefined;
    const finalizeDone = new Promise<void>((resolve) => (finalized = resolve));
    let first = true;
    stub.mockImplementation(async (url, init) => {
      if (first && url === '/api/updates') {
        // The first check reads the old state, then answers only after the update was recorded.
        first = false;
        const stale = json(state);
        await finalizeDone;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return stale;
      }
      // The server records the update a moment after the first check has read the old state.
      if (url === '/api/updates/finalize') await new Promise((resolve) => setTimeout(resolve, 10));
      const answer = await serve?.(url, init);
      if (url === '/api/updates/finalize') finalized();
      return answer ?? json({}, 500);
    });
    renderNotice();
    await waitFor(() => expect(state.last_updated_version).toBe('2.0.0'));
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/updates').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Available' })).toBeNull();
  });

  it('says Update Failed when finalising is refused', async () => {
    failFinalize = true;
    storePendingUpdate('2.0.0', USER);
    renderNotice();
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('There was an error updating the application. Please try again.')).toBeTruthy();
    expect(window.localStorage.getItem(PENDING_UPDATE_KEY)).toBeNull();
  });

  it('checks again every 15 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderNotice();
    await card();
    const checks = () => calls.filter((call) => call === 'GET /api/updates').length;
    const before = checks();
    await act(() => vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 5_000));
    expect(checks()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(checks()).toBe(before + 1));
  });

  it('checks again when the window regains focus', async () => {
    renderNotice();
    await card();
    const before = calls.filter((call) => call === 'GET /api/updates').length;
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/updates').length).toBeGreaterThan(before));
  });
});
