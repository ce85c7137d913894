import AxeBuilder from '@axe-core/playwright';
import { ADMIN, signInViaApi, signedInAsNewUser } from './support/accounts';
import { expect, test } from './support/fixtures';

test('a super admin backs up now, sees its size and where it went; a failed backup is shown with its reason', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInViaApi(page, ADMIN);
  await page.goto('/admin?tab=backups');
  await expect(page.getByRole('heading', { name: 'Last backup' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scheduled backups' })).toBeVisible();

  await page.getByRole('button', { name: 'Back up now' }).click();
  const last = page.getByRole('region', { name: 'Last backup' });
  await expect(last.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(last.getByText(/\d+(\.\d)? (KB|MB) in \d+ files/)).toBeVisible();
  await expect(last.getByText(/hearth-backup-/)).toBeVisible();

  // A location that cannot be written: the backup fails, says why, and every admin tab shows the notice.
  await page.getByLabel('Location').fill('/dev/null/hearth-backups');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Backup schedule saved');
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(last.getByText('Failed', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(last.getByText(/The backup failed: /)).toBeVisible();
  await page.goto('/admin?tab=users');
  await expect(page.getByText('The last backup failed')).toBeVisible();
  await page.getByRole('button', { name: 'Open Backups' }).click();
  await expect(page).toHaveURL(/tab=backups/);

  // Back to the default location: the next backup succeeds and the notice is gone.
  await page.getByLabel('Location').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Backup schedule saved');
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(last.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('The last backup failed')).toHaveCount(0);
});

test('the Backups tab is the super admin’s alone', async ({ page }) => {
  await signedInAsNewUser(page, 'nobackups');
  expect((await page.request.get('/api/admin/backups')).status()).toBe(403);
  await page.goto('/admin?tab=backups');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Backups tab has no serious axe violations (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await signInViaApi(page, ADMIN);
    await page.goto('/admin?tab=backups');
    await expect(page.getByRole('heading', { name: 'Scheduled backups' })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('[role="tabpanel"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
    expect(serious).toEqual([]);
  });
}
