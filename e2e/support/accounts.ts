import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

/** Created by global.setup.ts as the first account, so it is the super admin. */
export const ADMIN: Account = {
  email: 'owner@example.com',
  password: 'Warm-Hearth-Keeper-91',
  fullName: 'Olive Owner',
};

let counter = 0;

/** A never-used account; the password passes the server's strength rules. */
export function newAccount(label: string): Account {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    email: `${label}-${suffix}@example.com`,
    password: `Cosy-Fire-${suffix}-7`,
    fullName: `E2E ${label[0]?.toUpperCase() ?? ''}${label.slice(1)}`,
  };
}

export async function signUpViaApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/auth/signup', {
    data: { email: account.email, password: account.password, full_name: account.fullName },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in through the API with the page's own cookie jar, so the page is signed in afterwards. */
export async function signInViaApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A fresh account, signed in, on the dashboard. */
export async function signedInAsNewUser(page: Page, label: string): Promise<Account> {
  const account = newAccount(label);
  await signUpViaApi(page.request, account);
  await signInViaApi(page, account);
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  return account;
}
