import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { newAccount, signUpViaApi, signedInAsNewUser } from './support/accounts';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

/** axe-core's serious and critical findings on the page as it is now, one line per rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} - ${node.failureSummary}`,
      ),
    );
}

const PUBLIC = [
  { path: '/landing', ready: (page: Page) => page.getByRole('contentinfo') },
  { path: '/quick-start', ready: (page: Page) => page.getByRole('heading', { name: 'Set up Hearth' }) },
  { path: '/auth', ready: (page: Page) => page.getByRole('tab', { name: 'Sign In' }) },
  { path: '/docs', ready: (page: Page) => page.getByRole('main') },
];

for (const theme of ['light', 'dark'] as const) {
  for (const { path, ready } of PUBLIC) {
    test(`${path} has no serious or critical axe violations (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test(`the chat and knowledge pages have no serious or critical axe violations (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await setFakeRuntime(page.request);
    await signedInAsNewUser(page, `axe${theme}`);
    await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
    expect(await seriousViolations(page), 'chat').toEqual([]);
    await page.goto('/knowledge');
    await expect(page.getByRole('heading', { name: 'Knowledge Base' })).toBeVisible();
    expect(await seriousViolations(page), 'knowledge').toEqual([]);
  });
}

test('the setup status tab and the signed-in landing page have no serious or critical axe violations', async ({
  page,
}) => {
  await setFakeRuntime(page.request, { models: [] });
  await page.goto('/quick-start');
  await page.getByRole('tab', { name: 'System Status' }).click();
  await expect(page.getByTestId('manual-download-card')).toBeVisible();
  expect(await seriousViolations(page), 'status, no models').toEqual([]);
  await setFakeRuntime(page.request, { failStatus: 503 });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('troubleshooting-card')).toBeVisible();
  expect(await seriousViolations(page), 'status, service down').toEqual([]);

  await setFakeRuntime(page.request);
  await signedInAsNewUser(page, 'axelanding');
  await page.goto('/landing');
  await expect(page.getByRole('link', { name: 'Open Dashboard' })).toBeVisible();
  expect(await seriousViolations(page), 'signed-in landing').toEqual([]);
});

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('signing in and sending a message work with the keyboard alone', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'Keyboard answer received.' });
  const account = newAccount('keyboard');
  await signUpViaApi(page.request, account);

  await page.goto('/auth');
  const email = page.getByRole('textbox', { name: 'Email' });
  await tabTo(page, email);
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  const message = page.getByRole('textbox', { name: 'Message' });
  await tabTo(page, message, 80);
  await page.keyboard.type('Hello from the keyboard');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-type="ai"]').last()).toContainText(
    'Keyboard answer received.',
  );
});

async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} is wider than the 375 px screen by ${overflow} px`).toBeLessThanOrEqual(0);
}

test('landing, auth and chat fit a 375 px wide phone without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/landing');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoHorizontalScroll(page, 'landing');
  await page.goto('/quick-start');
  await expect(page.getByRole('heading', { name: 'Set up Hearth' })).toBeVisible();
  await expectNoHorizontalScroll(page, 'setup guide');
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expectNoHorizontalScroll(page, 'auth');

  await setFakeRuntime(page.request);
  const account = newAccount('narrow');
  await signUpViaApi(page.request, account);
  await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  await page.goto('/dashboard');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expectNoHorizontalScroll(page, 'chat');
});
