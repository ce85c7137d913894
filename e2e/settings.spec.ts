import { signedInAsNewUser } from './support/accounts';
import { expect, openUserMenu, test, toast } from './support/fixtures';

test('an API token is shown once, works as a bearer token, and stops working when revoked', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signedInAsNewUser(page, 'scripter');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('No API tokens yet')).toBeVisible();

  await page.getByLabel('Token name').fill('Backup script');
  await page.getByLabel('Expires in (days)').fill('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("It won't be shown again.");
  const secret = (await page.getByTestId('token-secret').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThan(16);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('cell', { name: 'Backup script', exact: true })).toBeVisible();

  const outsider = await playwright.request.newContext({ baseURL });
  const headers = { authorization: `Bearer ${secret}` };
  expect((await outsider.get('/api/auth/me', { headers })).status()).toBe(200);

  await page.getByRole('button', { name: 'Revoke Backup script' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page)).toContainText('Token revoked');
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  expect((await outsider.get('/api/auth/me', { headers })).status()).toBe(401);
  await outsider.dispose();
});

test('the profile name can be changed and shows in the user menu', async ({ page }) => {
  await signedInAsNewUser(page, 'renamer');
  await page.goto('/profile');
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Profile updated');
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText('Grace Hopper');
  await expect(page.getByTestId('user-menu')).toContainText('GH');
});

test('an avatar image is shrunk to at most 128 px, saved, and can be removed', async ({ page }) => {
  await signedInAsNewUser(page, 'painter');
  await page.goto('/profile');
  // A 400×300 PNG drawn by the browser itself, so no fixture file is needed.
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#c2410c';
      context.fillRect(0, 0, 400, 300);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  await page.getByLabel('Avatar image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(base64, 'base64'),
  });
  await expect(page.getByRole('button', { name: 'Remove avatar' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Profile updated');

  await page.reload();
  const avatar = page.getByTestId('user-menu').locator('img');
  await expect(avatar).toHaveAttribute('src', /^data:image\/png;base64,/);
  const size = await avatar.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(size).toEqual([128, 96]);

  await page.getByRole('button', { name: 'Remove avatar' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Profile updated');
  await expect(page.getByTestId('user-menu').locator('img')).toHaveCount(0);
});

test('the password can be changed and the new one signs in', async ({ page }) => {
  const account = await signedInAsNewUser(page, 'rotator');
  const newPassword = `${account.password}-New`;
  await page.goto('/profile');
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await expect(page.getByText('The new passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page)).toContainText('Password changed');

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
