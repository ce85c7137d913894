import { test as base, expect, type Page } from '@playwright/test';
import { FAKE_CONTROL_URL } from './fake-runtime';

export { expect };

/** The one toast on screen (the app shows at most one at a time). */
export const toast = (page: Page) => page.getByTestId('toast');

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/**
 * Every test fails if the page logs a Content-Security-Policy violation: the server allows only 'self',
 * so anything loading from elsewhere (or an inline script) would be broken in production.
 */
export const test = base.extend<{ cspViolations: string[]; fakeRuntimeDefaults: undefined }>({
  // Each test starts with the fake runtime at its defaults, whatever the test before it set.
  fakeRuntimeDefaults: [
    async ({ request }, use) => {
      const response = await request.post(`${FAKE_CONTROL_URL}/knobs`, { data: {} });
      expect(response.status()).toBe(200);
      await use(undefined);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await use(violations);
      expect(violations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
