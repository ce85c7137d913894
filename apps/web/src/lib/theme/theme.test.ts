import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, readStoredTheme, resolveTheme, storeTheme, THEME_STORAGE_KEY } from './theme';

describe('resolveTheme', () => {
  it('keeps an explicit choice whatever the system says', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('follows the system for "system"', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});

describe('stored theme', () => {
  afterEach(() => window.localStorage.clear());

  it('defaults to system', () => {
    expect(readStoredTheme()).toBe('system');
  });

  it('reads back what was stored under the key "theme"', () => {
    storeTheme('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('ignores values it does not know', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBe('system');
  });
});

describe('applyTheme', () => {
  it('sets exactly one of the light and dark classes', () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect([...root.classList]).toEqual(['dark']);
    applyTheme('light', root);
    expect([...root.classList]).toEqual(['light']);
  });
});
