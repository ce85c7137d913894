import type { Page } from '@playwright/test';
import { PROJECT_SOURCE_URL } from '../apps/web/src/config/project';
import { ADMIN, signInViaApi, signedInAsNewUser } from './support/accounts';
import { collectConsoleErrors } from './support/console-errors';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

const PUBLIC_PAGES = ['/', '/landing', '/quick-start', '/auth', '/docs'];

for (const path of PUBLIC_PAGES) {
  test(`${path} renders for a visitor without console errors`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
    // Give late requests (status checks, lazy chunks) their moment before judging.
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('the landing page shows the spec sections and its visitor actions', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/quick-start');
  await expect(header.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/quick-start');
  for (const title of ['100% Private', 'Lightning Fast', 'Customizable', 'Open Source']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Deploy Now' })).toHaveAttribute('href', '/quick-start');
  await expect(page.getByRole('link', { name: 'Try Demo' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('every link on the landing page resolves to a real page', async ({ page, browser }) => {
  await page.goto('/landing');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const links = await page.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      href: anchor.getAttribute('href') ?? '',
      target: anchor.getAttribute('target'),
      rel: anchor.getAttribute('rel'),
    })),
  );
  const internal = [...new Set(links.filter((link) => link.href.startsWith('/')).map((link) => link.href))];
  const external = links.filter((link) => !link.href.startsWith('/'));
  expect(internal.length).toBeGreaterThanOrEqual(4);

  // The only outside link is the project's source, opened safely in a new tab.
  expect(external.length).toBeGreaterThan(0);
  for (const link of external) {
    expect(link).toEqual({ href: PROJECT_SOURCE_URL, target: '_blank', rel: 'noopener noreferrer' });
  }

  const visitor = await browser.newPage();
  for (const href of internal) {
    await visitor.goto(href);
    await expect(visitor.getByRole('heading').first(), href).toBeVisible();
    await expect(visitor.getByText('Oops! Page not found'), href).toHaveCount(0);
  }
  await visitor.close();
});

test('the demo chat plays its script and loops', async ({ page }) => {
  await page.goto('/landing');
  const messages = page.getByTestId('demo-message');
  await expect(messages).toHaveCount(0);
  await expect(messages).toHaveCount(1, { timeout: 2000 });
  await expect(messages).toHaveCount(2, { timeout: 3000 });
  await expect(messages).toHaveCount(4, { timeout: 6000 });
  // A 3 s pause after the last message, then the script starts over. The empty moment between two runs can be
  // shorter than a poll on a loaded machine: the restart shows as fewer than four messages, then more again.
  await expect.poll(() => messages.count(), { timeout: 6000, intervals: [100] }).toBeLessThan(4);
  await expect(messages).toHaveCount(2, { timeout: 5000 });
});

test('the demo chat stands still, complete, for visitors who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/landing');
  const messages = page.getByTestId('demo-message');
  await expect(messages).toHaveCount(4);
  await page.waitForTimeout(4000);
  await expect(messages).toHaveCount(4);
});

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/landing');
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});

test('signed in, the landing page offers the dashboard, the avatar menu and (for admins) the admin panel', async ({
  page,
}) => {
  await signedInAsNewUser(page, 'lander');
  await page.goto('/landing');
  await expect(page.getByRole('link', { name: 'Open Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await page.getByTestId('landing-user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('Escape');

  // "/" itself is the chat for a signed-in user.
  await page.goto('/');
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await page.context().clearCookies();
  await signInViaApi(page, ADMIN);
  await page.goto('/landing');
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
});

async function openStatus(page: Page): Promise<void> {
  await page.goto('/quick-start');
  await page.getByRole('tab', { name: 'System Status' }).click();
}

const indicator = (page: Page, name: 'backend' | 'model-service' | 'models') => page.getByTestId(`status-${name}`);

test('the setup status follows the model service: stopped, running without models, running with one', async ({
  page,
}) => {
  await setFakeRuntime(page.request, { failStatus: 503 });
  await openStatus(page);
  await expect(indicator(page, 'backend')).toHaveAttribute('data-state', 'ok');
  await expect(indicator(page, 'model-service')).toHaveAttribute('data-state', 'bad');
  await expect(indicator(page, 'model-service')).toContainText('Not running');
  await expect(page.getByTestId('troubleshooting-card')).toContainText('The model service is not running');
  await expect(page.getByText('System Ready!')).toHaveCount(0);

  await setFakeRuntime(page.request, { models: [] });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(indicator(page, 'model-service')).toHaveAttribute('data-state', 'ok');
  await expect(indicator(page, 'models')).toContainText('None installed');
  await expect(page.getByTestId('manual-download-card')).toBeVisible();
  await expect(page.getByTestId('troubleshooting-card')).toHaveCount(0);

  await setFakeRuntime(page.request);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(indicator(page, 'models')).toContainText('Available');
  await expect(page.getByText('System Ready!')).toBeVisible();
  await expect(page.getByTestId('manual-download-card')).toHaveCount(0);
});

test('the setup status says the backend is not running when it does not answer', async ({ page }) => {
  await page.route('**/health', (route) => route.abort('connectionrefused'));
  await openStatus(page);
  await expect(indicator(page, 'backend')).toHaveAttribute('data-state', 'bad');
  await expect(page.getByTestId('troubleshooting-card')).toContainText('Backend API is not running...');
  await expect(indicator(page, 'model-service')).toContainText('Unknown');
});

test('a setup command copies to the clipboard and the confirmation resets after 2 s', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/quick-start');
  await page.getByRole('button', { name: 'Copy: Docker (CPU)' }).click();
  await expect(page.getByRole('button', { name: 'Copied: Docker (CPU)' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('docker compose up -d');
  await expect(page.getByRole('button', { name: 'Copy: Docker (CPU)' })).toHaveText('Copy', { timeout: 3000 });
});
