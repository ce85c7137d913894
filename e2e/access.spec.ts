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
  await page.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText('Search across your conversations and documents is coming soon.')).toBeVisible();

  await page.getByRole('link', { name: 'Workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Workspace' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI Models' })).toBeVisible();

  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});
