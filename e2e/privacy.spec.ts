import { readFile } from 'node:fs/promises';
import type { DataExport } from '@hearth/contract';
import { ADMIN, signInViaApi, signedInAsNewUser } from './support/accounts';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, openUserMenu, test, toast } from './support/fixtures';

test('a user exports their data: a JSON file with their conversation', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'Lighthouses guide ships home.' });
  const account = await signedInAsNewUser(page, 'exporter');
  await page.goto('/');
  await expect(page.getByTestId('connection-badge')).toHaveText(/GPU Mode|CPU Only/);
  await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('What do lighthouses do?');
  await box.press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-type="ai"]').last()).toContainText('guide ships home');

  await page.goto('/workspace/privacy');
  await expect(page.getByText('Privacy & Security')).toBeVisible();
  await page.getByRole('tab', { name: 'Export Data' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Data' }).click();
  const download = await downloading;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`knowledge-data-export-${today}.json`);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as DataExport;
  expect(data.profile.email).toBe(account.email);
  const messages = data.conversations.flatMap((conversation) =>
    conversation.messages.map((message) => message.content),
  );
  expect(messages).toContain('What do lighthouses do?');
  expect(messages.join(' ')).toContain('Lighthouses guide ships home.');
  await expect(toast(page)).toContainText('Export complete');

  // The export is audited and shows up in the Audit Logs tab.
  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  await expect(page.getByRole('table')).toContainText('EXPORT');
});

test('retention: an out-of-range number is refused with the allowed range and the settings are kept', async ({
  page,
}) => {
  await signedInAsNewUser(page, 'retainer');
  await page.goto('/workspace/privacy');
  const days = page.getByLabel('Data retention (days)');
  await expect(days).toHaveValue('365');
  await days.fill('99999');
  await page.getByRole('switch', { name: 'Automatically delete old conversations' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'from 1 to 3650' })).toBeVisible();
  await expect(days).toHaveValue('99999');
  await days.fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.reload();
  await expect(page.getByLabel('Data retention (days)')).toHaveValue('30');
  await expect(page.getByRole('switch', { name: 'Automatically delete old conversations' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('the super admin edits Update Settings from the sidebar footer; others do not see it', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/dashboard');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Update Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Update frequency').selectOption('weekly');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('Update settings saved');

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Update Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Settings' }).getByLabel('Update frequency')).toHaveValue(
    'weekly',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.context().clearCookies();
  await signedInAsNewUser(page, 'not-root');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Update Settings' })).toHaveCount(0);
});

test('a user deletes their account from Settings and is signed out', async ({ page }) => {
  const account = await signedInAsNewUser(page, 'leaver');
  await page.goto('/settings');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const login = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);
});
