import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, signedInAsNewUser } from './support/accounts';
import { expect, test, toast } from './support/fixtures';

const ROOT_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The super admin's bearer token (a separate session from the page's user). */
async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Publishes a version the way the Updates tab does: create it staged, then the simple deploy (staged → live). */
async function publishVersion(request: APIRequestContext, token: string, version: string, notes: string) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/admin/versions', {
    headers,
    data: { version, release_notes: notes, is_critical: true, deployment_status: 'staged' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const live = await request.patch(`/api/admin/versions/${id}`, { headers, data: { deployment_status: 'live' } });
  expect(live.status(), await live.text()).toBe(200);
  return id;
}

/** Rolls the version back so the card does not cover the pages of specs that run later. */
async function rollBack(request: APIRequestContext, token: string, id: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const response = await request.patch(`/api/admin/versions/${id}`, {
    headers,
    data: { deployment_status: 'rollback' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a published version reaches another user: Later, then Update Now finishes the update', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signedInAsNewUser(page, 'updater');
  // Newer than anything other specs publish, so it is the latest live version.
  const version = `999999999.${Date.now() % 1_000_000_000}.0`;
  const admin = await playwright.request.newContext({ baseURL });
  // One sign-in: a second one from this context would send its session cookie without the CSRF header.
  const token = await adminToken(admin);
  const versionId = await publishVersion(admin, token, version, 'Answers are **faster** now.\n\n- Better search');
  try {
    await seesTheCardAndUpdates(page, version);
  } finally {
    await rollBack(admin, token, versionId);
    await admin.dispose();
  }
});

/** Whether the element itself is what a click at its centre would hit (nothing drawn over it). */
async function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function seesTheCardAndUpdates(page: Page, version: string): Promise<void> {
  await page.reload();
  const card = page.getByRole('region', { name: 'Update Available' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Version ${version} is now available`);
  // The card is in the flow under the header: it covers neither the chat header's model picker nor the composer.
  for (const target of [
    page.getByRole('button', { name: 'Select model' }),
    page.getByRole('textbox', { name: 'Message' }),
  ]) {
    await expect(target).toBeInViewport();
    expect(await isOnTop(target), 'covered by the update card').toBe(true);
  }
  await expect(card).toContainText('Critical');
  await expect(card).toContainText("What's New");
  await expect(card.locator('strong', { hasText: 'faster' })).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText('Better search');

  // Seen on the card: the notification is now read.
  await expect
    .poll(async () => {
      const body = (await (await page.request.get('/api/updates')).json()) as {
        notifications: { version: string; is_read: boolean }[];
      };
      return body.notifications.find((notification) => notification.version === version)?.is_read;
    })
    .toBe(true);

  await card.getByRole('button', { name: 'Later' }).click();
  await expect(card).toBeHidden();
  const reopen = page.getByRole('button', { name: 'Update Available' });
  await expect(reopen).toBeVisible();
  await reopen.click();
  await expect(card).toBeVisible();

  const reloaded = page.waitForEvent('framenavigated');
  await card.getByRole('button', { name: 'Update Now' }).click();
  await expect(card.getByRole('button', { name: 'Updating...' })).toBeVisible();
  await reloaded;
  await expect(toast(page)).toContainText('Updating Application');
  await expect(toast(page)).toContainText(`Installing version ${version}...`);

  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/updates')).json()) as { last_updated_version: string | null })
          .last_updated_version,
    )
    .toBe(version);
  await expect(card).toBeHidden();
  await expect(page.getByRole('button', { name: 'Update Available' })).toBeHidden();
  const after = (await (await page.request.get('/api/updates')).json()) as { notifications: { version: string }[] };
  expect(after.notifications.filter((notification) => notification.version === version)).toEqual([]);
  expect(await page.evaluate(() => window.localStorage.getItem('hearth.pending-update'))).toBeNull();
}

test('Settings and /health show the running build version', async ({ page }) => {
  await signedInAsNewUser(page, 'versioned');
  await page.goto('/settings');
  await expect(page.getByTestId('version-running-version')).toHaveText(ROOT_VERSION);
  await expect(page.getByTestId('version-server-version')).toHaveText(ROOT_VERSION);
  const health = (await (await page.request.get('/health')).json()) as { version: string };
  expect(health.version).toBe(ROOT_VERSION);
});
