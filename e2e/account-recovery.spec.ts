import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ADMIN, type Account, newAccount, signInViaApi, signUpViaApi } from './support/accounts';
import { mailLink, waitForMail } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Signs in through the form and lands on the dashboard. */
async function signInViaUi(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens a reset link and sets `password` through the page. */
async function resetWithLink(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
}

const freshAccount = async (page: Page, label: string): Promise<Account> => {
  const account = newAccount(label);
  await signUpViaApi(page.request, account);
  return account;
};

test('forgot password: the mailed link sets a new password', async ({ page }) => {
  const account = await freshAccount(page, 'forgetful');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog).toContainText('If an account uses that address, we have sent it a link');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const mail = await waitForMail(page.request, account.email, 'Reset your Hearth password');
  const password = `${account.password}-new`;
  await resetWithLink(page, mailLink(mail), password);
  await signInViaUi(page, account.email, password);

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(mailLink(mail));
  await page.getByLabel('New password', { exact: true }).fill(`${password}-again`);
  await page.getByLabel('Repeat new password').fill(`${password}-again`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});

test('an admin issues a one-time reset link, shown once, which the user opens', async ({ page, browser }) => {
  const account = await freshAccount(page, 'locked');
  await signInViaApi(page, ADMIN);
  await page.goto('/admin?tab=users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(account.email);
  const actions = page.getByRole('group', { name: `Actions for ${account.fullName}` });
  await actions.getByRole('button', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog).toContainText('shown only this once');
  await expect(dialog).toContainText(`It has also been mailed to ${account.email}.`);
  const link = await dialog.getByLabel('Reset link').inputValue();
  expect(link).toMatch(/\/reset-password#token=/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const password = `${account.password}-admin`;
  await resetWithLink(userPage, link, password);
  await signInViaUi(userPage, account.email, password);
  await userContext.close();
});

test('the command line on the server resets a password', async ({ page }) => {
  // npm and tsx start a fresh Node process: slow on a busy machine.
  test.setTimeout(90_000);
  const account = await freshAccount(page, 'cli');
  const password = `${account.password}-cli`;
  const child = spawn('npm', ['run', '--silent', 'hearth', '--', 'reset-password', account.email], {
    cwd: root,
    // The e2e server's own database (SQLite in its DATA_DIR), as an operator's shell on that server would have.
    env: { ...process.env, DATA_DIR: process.env.HEARTH_E2E_DATA_DIR, DATABASE_URL: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(`${password}\n`);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(output).toContain('was changed');
  expect(code).toBe(0);
  await signInViaUi(page, account.email, password);
});
