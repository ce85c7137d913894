import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from './toast-store';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
      toast({ title: 'Second', description: 'two', variant: 'destructive' });
    });
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain('Second');
    expect(screen.queryByText('First')).toBeNull();
    expect(toasts[0]?.dataset.variant).toBe('destructive');
  });

  it('announces through a live region', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Hello' }));
    expect(screen.getByRole('status').textContent).toContain('Hello');
  });

  it('closes after 5000 ms by default, and after its own duration when given', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Default' }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Default')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Default')).toBeNull();

    act(() => void toast({ title: 'Short', duration: 2000 }));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Short')).toBeNull();
  });

  it('the replaced toast timer does not close its successor early', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Old', duration: 1000 }));
    act(() => vi.advanceTimersByTime(500));
    act(() => void toast({ title: 'New' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('New')).not.toBeNull();
  });
});
