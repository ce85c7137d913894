import type { Page } from '@playwright/test';

/**
 * Collects the page's console errors and uncaught exceptions. One browser log is expected and left out: the
 * 401 of GET /api/auth/me, which is how a visitor's page learns that nobody is signed in (Chromium logs every
 * non-2xx resource as an error).
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const signedOutCheck = message.text().includes('status of 401') && message.location().url.endsWith('/api/auth/me');
    if (!signedOutCheck) errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return errors;
}
