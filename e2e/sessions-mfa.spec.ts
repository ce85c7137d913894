import type { Page } from '@playwright/test';
// The same helper the server tests use (otplib is the server's dependency; this file imports nothing else).
import { totpCodeAt as totp } from '../apps/server/test/totp-code';
import { type Account, signedInAsNewUser } from './support/accounts';
import { expect, openUserMenu, test, toast } from './support/fixtures';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

async function signOutAndEnterPassword(page: Page, account: Account) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('two-factor: enrol in Settings, then sign in with the app code and with a recovery code', async ({ page }) => {
  // Three sign-ins (each an argon2 check) and several page loads: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const account = await signedInAsNewUser(page, 'totp');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app').fill(await totp(secret, -1));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // The password alone is not enough any more.
  await signOutAndEnterPassword(page, account);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(await totp(secret, 0));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page)).toContainText('Welcome back!');

  await signOutAndEnterPassword(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();
});

test('sessions page: this device, revoke one session, sign out everywhere else', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await signedInAsNewUser(page, 'sessions');
  /** Another browser signed in as the same account, with its own cookie jar. */
  const elsewhere = async (userAgent: string) => {
    const context = await playwright.request.newContext({ baseURL, userAgent });
    const response = await context.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(response.status()).toBe(200);
    return context;
  };
  const firefox = await elsewhere(FIREFOX_WINDOWS);
  const script = await elsewhere('curl/8.5.0');
  await page.goto('/settings');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions).toContainText('Firefox on Windows');
  await expect(sessions).toContainText('127.0.0.1');

  await page.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(toast(page)).toContainText('Session signed out');
  await expect(sessions).not.toContainText('Firefox on Windows');
  expect((await firefox.get('/api/auth/me')).status()).toBe(401);
  expect((await script.get('/api/auth/me')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(toast(page).filter({ hasText: 'Signed out everywhere else' })).toBeVisible();
  expect((await script.get('/api/auth/me')).status()).toBe(401);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('This device');
  await firefox.dispose();
  await script.dispose();
});
