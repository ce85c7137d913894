import { test as base, expect, type Page } from '@playwright/test';

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
export const test = base.extend<{ cspViolations: string[] }>({
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
