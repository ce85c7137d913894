import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '../../../config/app-version';
import { VersionCard } from './version-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VersionCard />
    </QueryClientProvider>,
  );

describe('Settings: version card', () => {
  it('shows the running build version (from package.json) and what the server reports', async () => {
    const rootVersion = (await import('../../../../../../package.json')).default.version;
    expect(APP_VERSION).toBe(rootVersion);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              server_version: '0.9.0',
              available: null,
              feed: { checked_at: null, error: 'The release feed answered 404', latest_version: '9.1' },
              whats_new: null,
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    renderCard();
    expect(screen.getByTestId('version-running-version').textContent).toBe(APP_VERSION);
    expect((await screen.findByText('0.9.0')).dataset.testid).toBe('version-server-version');
    expect(screen.getByTestId('version-latest-release').textContent).toBe('9.1');
    expect(screen.getByTestId('version-last-checked').textContent).toBe('Never');
    expect(screen.getByTestId('feed-error').textContent).toBe('Last check: The release feed answered 404');
    expect(screen.getByRole('button', { name: 'Check for updates now' })).toBeTruthy();
  });

  it('shows a user only the versions, without the feed or Check now', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ server_version: '0.9.0', available: null, feed: null, whats_new: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderCard();
    expect(await screen.findByText('0.9.0')).toBeTruthy();
    expect(screen.queryByTestId('version-latest-release')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check for updates now' })).toBeNull();
  });

  it('says so when the check fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not check for updates');
  });
});
