import { ADMIN, newAccount, signInViaApi, signUpViaApi } from './support/accounts';
import { expect, test } from './support/fixtures';

test('the admin users table fits a 375 px phone screen: rows scroll inside their card, not the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInViaApi(page, ADMIN);
  await page.goto('/admin?tab=users');
  // Earlier specs add many accounts: find the admin's row rather than assume it is on the first page.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
  const table = page.getByRole('table');
  await expect(table).toContainText(ADMIN.email);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
  const card = await page.locator('section', { has: table }).last().boundingBox();
  expect(card?.width ?? 0).toBeLessThanOrEqual(375);
  // The actions of a row can still be reached by scrolling the table sideways.
  await page.getByRole('columnheader', { name: 'Actions' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
});

test("the dashboard's Audit Logs opens the admin Audit tab, which names people instead of ids", async ({ page }) => {
  const member = newAccount('audited');
  await signUpViaApi(page.request, member);
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Audit Logs' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=audit$/);
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  await expect(log).toContainText(member.fullName);
  await expect(log).toContainText(ADMIN.fullName);
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Chain intact' })).toBeVisible();
});

test('the intranet allow-list is an admin setting, not a personal one', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Allowed intranet hosts')).toHaveCount(0);
  await page.goto('/admin?tab=network');
  await expect(page.getByLabel('Allowed intranet hosts')).toBeVisible();
});

test('Admin → Network lists where the instance connects and that nothing else left the machine', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  // Listing models makes the server call its runtimes, so there is a connection to show.
  expect((await page.request.get('/api/ollama/models')).status()).toBe(200);
  await page.goto('/admin?tab=network');
  await expect(page.getByRole('heading', { name: 'Outbound connections' })).toBeVisible();
  // The e2e server's model runtimes are fakes on loopback: listed, marked as this machine, and contacted.
  const destinations = page.getByRole('list', { name: 'Configured destinations' });
  await expect(destinations.getByText('Model runtime').first()).toBeVisible();
  await expect(destinations.getByText('This machine').first()).toBeVisible();
  await expect(destinations.getByText(/Last connection: (?!No connection yet)/).first()).toBeVisible();
  await expect(page.getByText('None since this server started.')).toBeVisible();
});

test('the Sign Up form asks for the setup code while the instance is unclaimed and sends it', async ({ page }) => {
  // This instance was claimed by global.setup; the answer of the public status endpoint stands in for a fresh one.
  await page.route('**/api/auth/setup', (route) => route.fulfill({ json: { setup_code_required: true } }));
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/signup')) sent.push(request.postDataJSON());
  });
  const account = newAccount('claimer');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Setup code').fill('ABCD-EFGH-JKLM');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => sent).toEqual([expect.objectContaining({ setup_code: 'ABCD-EFGH-JKLM' })]);
});
