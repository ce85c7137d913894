import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { UpdateSettingsDialog } from './update-settings-dialog';

/** A stand-in for the server's /api/admin/update-settings: it keeps what was PUT. */
const DEFAULTS = {
  auto_update_enabled: true,
  update_frequency: 'immediate',
  notify_before_update: true,
  feed_source: 'github',
  feed_url: null as string | null,
  deploy_webhook_url: null as string | null,
};
let stored = { ...DEFAULTS };
const puts: unknown[] = [];

beforeEach(() => {
  stored = { ...DEFAULTS };
  puts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe('/api/admin/update-settings');
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<typeof stored>;
        puts.push(body);
        stored = { ...stored, ...body };
      }
      return new Response(JSON.stringify(stored), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open settings</button>
      <UpdateSettingsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderHarness() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
      <Toaster />
    </QueryClientProvider>,
  );
}

const frequency = () => screen.getByLabelText('Update frequency') as HTMLSelectElement;

describe('Update Settings dialog', () => {
  it('opens with the stored values and defaults', async () => {
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(await screen.findByRole('dialog', { name: 'Update Settings' })).toBeTruthy();
    expect((await screen.findByRole('switch', { name: 'Automatic updates' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(frequency().value).toBe('immediate');
    expect([...frequency().options].map((option) => option.value)).toEqual(['immediate', 'daily', 'weekly', 'manual']);
    expect(screen.getByRole('switch', { name: 'Notify before updating' }).getAttribute('aria-checked')).toBe('true');
  });

  it('Cancel discards the local copy', async () => {
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Automatic updates' }));
    fireEvent.change(frequency(), { target: { value: 'weekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect((await screen.findByRole('switch', { name: 'Automatic updates' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(frequency().value).toBe('immediate');
  });

  it('Save persists, closes and shows a 2-second toast', async () => {
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Notify before updating' }));
    fireEvent.change(frequency(), { target: { value: 'manual' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update settings saved')).toBeTruthy();
    expect(puts).toEqual([{ ...DEFAULTS, update_frequency: 'manual', notify_before_update: false }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(screen.queryByText('Update settings saved')).toBeNull();

    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    await waitFor(() => expect(frequency().value).toBe('manual'));
  });

  it('sets a release feed URL and a deploy webhook', async () => {
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    fireEvent.change(await screen.findByLabelText('Release feed'), { target: { value: 'url' } });
    fireEvent.change(screen.getByLabelText('Release feed URL'), { target: { value: 'https://feed.example/r.json' } });
    fireEvent.change(screen.getByLabelText('Deploy webhook URL'), { target: { value: 'https://hook.example/d' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          ...DEFAULTS,
          feed_source: 'url',
          feed_url: 'https://feed.example/r.json',
          deploy_webhook_url: 'https://hook.example/d',
        },
      ]),
    );
  });
});
