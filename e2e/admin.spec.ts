import { ADMIN, newAccount, signInViaApi, signUpViaApi } from './support/accounts';
import { expect, test, toast } from './support/fixtures';

test('an admin bans a signed-in user, who is signed out at once and cannot sign back in', async ({ page, browser }) => {
  // The user, signed in in a browser of their own.
  const target = newAccount('banned');
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signUpViaApi(userPage.request, target);
  await signInViaApi(userPage, target);
  await userPage.goto('/dashboard');
  await expect(userPage.getByTestId('sidebar')).toBeVisible();

  // The admin finds them under User Management and bans them, confirming first.
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(target.email);
  const actions = page.getByRole('group', { name: `Actions for ${target.fullName}` });
  await actions.getByRole('button', { name: 'Ban' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban user?' });
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(toast(page)).toContainText('User banned');
  await expect(page.getByRole('row', { name: new RegExp(target.email) })).toContainText('Banned');
  await expect(actions.getByRole('button', { name: 'Unban' })).toBeVisible();

  // Their very next request is refused and the app sends them to the sign-in screen.
  await userPage.getByRole('link', { name: 'Workspace' }).click();
  await userPage.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Knowledge' }).click();
  await expect(userPage).toHaveURL(/\/auth$/);
  const again = await userPage.request.post('/api/auth/login', {
    data: { email: target.email, password: target.password },
  });
  expect(again.status()).toBe(403);
  await userContext.close();
});

test('non-admins are told the admin dashboard is not for them', async ({ page }) => {
  const account = newAccount('curious');
  await signUpViaApi(page.request, account);
  await signInViaApi(page, account);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
});

test('the overview shows real figures, and Add User imports CSV rows with a report per row', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Total Users' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Messages and uploads per day/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByRole('tab', { name: 'CSV Import' }).click();
  const importButton = dialog.getByRole('button', { name: 'Import' });
  await expect(importButton).toBeDisabled();
  const fresh = newAccount('imported');
  await dialog
    .getByLabel('CSV data')
    .fill(`email,password,name\n${fresh.email},${fresh.password},"Imported, Person"\nno-password@example.com,,x`);
  await importButton.click();
  await expect(dialog.getByText('1 created, 1 not created')).toBeVisible();
  await expect(dialog.getByText('Email and password are required.')).toBeVisible();
});
