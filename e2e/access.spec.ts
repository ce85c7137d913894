import { ADMIN, signInViaApi, signedInAsNewUser } from './support/accounts';
import { expect, test } from './support/fixtures';

test('a plain user has no Admin Panel link and is shown Access Denied at /admin', async ({ page }) => {
  await signedInAsNewUser(page, 'plain');
  await expect(page.getByRole('link', { name: 'Setup Guide' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).not.toContainText('Admin');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
});

test('the first account is an admin: Admin badge, Admin Panel link, and /admin opens', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-menu')).toContainText('Admin');
  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
});

test('sidebar links lead to their pages; New Chat goes to /', async ({ page }) => {
  await signedInAsNewUser(page, 'navigator');
  // No link to a page that is not built: those entries (and their placeholder pages) are gone until they exist.
  for (const name of ['Notes', 'Playground']) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText(/coming soon|not built yet/i)).toHaveCount(0);
  await page.goto('/notes');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.goto('/');

  await page.getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText(/coming soon|not built yet/i)).toHaveCount(0);
  await page.getByRole('link', { name: 'Archived Chats', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Archived Chats' })).toBeVisible();

  await page.getByRole('link', { name: 'Workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Workspace' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI Models' })).toBeVisible();

  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});
