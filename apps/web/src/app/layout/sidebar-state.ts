import { readCookie, writeCookie } from '../../lib/cookies';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Expanded unless the cookie says otherwise. */
export const readSidebarOpen = (): boolean => readCookie(SIDEBAR_COOKIE) !== 'false';

export const writeSidebarOpen = (open: boolean): void =>
  writeCookie(SIDEBAR_COOKIE, String(open), SIDEBAR_COOKIE_MAX_AGE);

/** Ctrl+B on Windows/Linux, Cmd+B on macOS. */
export const isToggleShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b';
