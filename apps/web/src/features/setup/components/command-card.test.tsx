import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandCard } from './command-card';

describe('CommandCard', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const command = { title: 'commands.dockerCpu.title', command: 'docker compose up -d' };

  it('copies the exact command and shows Copied for 2 s', async () => {
    render(<CommandCard command={command} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy: Docker (CPU)' })));
    expect(writeText).toHaveBeenCalledWith('docker compose up -d');
    expect(screen.getByRole('button', { name: 'Copied: Docker (CPU)' }).textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy: Docker (CPU)' }).textContent).toBe('Copy');
  });

  it('does not claim success when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(<CommandCard command={command} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy: Docker (CPU)' })));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
