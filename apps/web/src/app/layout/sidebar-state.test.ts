import { afterEach, describe, expect, it } from 'vitest';
import { isToggleShortcut, readSidebarOpen, writeSidebarOpen } from './sidebar-state';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('sidebar state', () => {
  afterEach(() => {
    document.cookie = 'sidebar_state=; path=/; max-age=0';
  });

  it('is expanded when there is no cookie', () => {
    expect(readSidebarOpen()).toBe(true);
  });

  it('round-trips through the sidebar_state cookie', () => {
    writeSidebarOpen(false);
    expect(document.cookie).toContain('sidebar_state=false');
    expect(readSidebarOpen()).toBe(false);
    writeSidebarOpen(true);
    expect(readSidebarOpen()).toBe(true);
  });

  it('recognises Ctrl+B and Cmd+B only', () => {
    expect(isToggleShortcut(key({ key: 'b', ctrlKey: true }))).toBe(true);
    expect(isToggleShortcut(key({ key: 'B', metaKey: true }))).toBe(true);
    expect(isToggleShortcut(key({ key: 'b' }))).toBe(false);
    expect(isToggleShortcut(key({ key: 'c', ctrlKey: true }))).toBe(false);
  });
});
