import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { type FakeServer, startFakeServer } from '../apps/server/test/fakes/fake-http';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { expect, test } from './support/fixtures';

const ROOT_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The super admin's bearer token (a separate session from the page's). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/**
 * A release feed and a deploy webhook on loopback (reachable because the admin allows 127.0.0.1 for the
 * duration), the feed read once with Check now; afterwards the settings and the network allowlist go back.
 */
async function withFeed(
  request: APIRequestContext,
  version: string,
  run: (feed: FakeServer, headers: Record<string, string>) => Promise<void>,
): Promise<void> {
  const feed = await startFakeServer((incoming, response) => {
    if (incoming.path === '/releases.json') {
      const release = {
        tag_name: `v${version}`,
        name: `Hearth ${version} [critical]`,
        body: 'Answers are **faster**.',
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([release]));
    } else if (incoming.path === '/deploy') response.writeHead(202).end('{}');
    else response.writeHead(404).end();
  });
  const headers = await adminHeaders(request);
  const network = (await (await request.get('/api/admin/settings/network', { headers })).json()) as {
    allowed_hosts: string[];
  };
  const settings = (await (await request.get('/api/admin/update-settings', { headers })).json()) as object;
  await request.put('/api/admin/settings/network', {
    headers,
    data: { allowed_hosts: [...network.allowed_hosts, '127.0.0.1'] },
  });
  try {
    const saved = await request.put('/api/admin/update-settings', {
      headers,
      // manual: no scheduled reads during the test; the page's admin uses Check now.
      data: { feed_source: 'url', feed_url: `${feed.url}/releases.json`, update_frequency: 'manual' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await run(feed, headers);
  } finally {
    // Back to the previous feed: the release found here is forgotten, so later specs see no card.
    await request.put('/api/admin/update-settings', { headers, data: settings });
    await request.put('/api/admin/settings/network', { headers, data: network });
    await feed.close();
  }
}

test('an admin sees how to upgrade this install; Later holds across a reload; Upgrade now waits for /health', async ({
  page,
  playwright,
  baseURL,
}) => {
  const version = `999999999.${Date.now() % 1_000_000_000}.0`;
  const api = await playwright.request.newContext({ baseURL });
  try {
    await withFeed(api, version, async (feed, headers) => {
      await signInViaApi(page, ADMIN);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Check for updates now' }).click();
      await expect(page.getByTestId('version-latest-release')).toHaveText(version);

      const card = page.getByRole('region', { name: 'Update Available' });
      await expect(card).toContainText(`Version ${version} is now available. This server runs ${ROOT_VERSION}.`);
      await expect(card).toContainText('Critical');
      await expect(card.locator('strong', { hasText: 'faster' })).toBeVisible();
      const howTo = card.getByRole('region', { name: 'How to upgrade this install' });
      await expect(howTo).toContainText('Detected:');
      await expect(page.getByTestId('upgrade-commands')).toContainText(`git checkout v${version}`);
      // Nothing installs from the browser, and without a deploy webhook there is no Upgrade now.
      await expect(card.getByRole('button', { name: /update now/i })).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Upgrade now' })).toHaveCount(0);

      // With a deploy webhook: Upgrade now calls it, then waits for the server to report the version.
      await api.put('/api/admin/update-settings', { headers, data: { deploy_webhook_url: `${feed.url}/deploy` } });
      await page.reload();
      await card.getByRole('button', { name: 'Upgrade now' }).click();
      await expect(page.getByTestId('upgrade-status')).toContainText(`Waiting for the server to report ${version}`);
      await expect.poll(() => feed.requests.filter((request) => request.path === '/deploy').length).toBe(1);
      expect(feed.requests.find((request) => request.path === '/deploy')?.body).toMatchObject({ version });
      // The webhook accepted, but this server still runs its own version: the page never says otherwise.
      await page.waitForTimeout(4000);
      await expect(page.getByTestId('upgrade-status')).toContainText(`it reports ${ROOT_VERSION}`);
      await expect(page.getByText(`Hearth now runs ${version}`)).toHaveCount(0);
      await expect(page.getByTestId('version-server-version')).toHaveText(ROOT_VERSION);

      // Later is kept on the server: collapsed after a reload too.
      await page.reload();
      await card.getByRole('button', { name: 'Later' }).click();
      await expect(card).toBeHidden();
      const reopen = page.getByRole('button', { name: 'Update Available' });
      await expect(reopen).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('version-latest-release')).toHaveText(version);
      await expect(reopen).toBeVisible();
      await expect(card).toBeHidden();
      await reopen.click();
      await expect(card).toBeVisible();
    });
  } finally {
    await api.dispose();
  }
});

test('a user never sees Update Now or the upgrade details', async ({ page, playwright, baseURL }) => {
  const version = `999999998.${Date.now() % 1_000_000_000}.0`;
  const api = await playwright.request.newContext({ baseURL });
  try {
    await withFeed(api, version, async (_feed, headers) => {
      const checked = await api.post('/api/updates/check', { headers });
      expect(checked.status(), await checked.text()).toBe(200);
      await signedInAsNewUser(page, 'plain-user');
      await page.goto('/settings');
      await expect(page.getByTestId('version-server-version')).toHaveText(ROOT_VERSION);
      const body = (await (await page.request.get('/api/updates')).json()) as { available: unknown; feed: unknown };
      expect(body).toMatchObject({ available: null, feed: null });
      await expect(page.getByRole('region', { name: 'Update Available' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Update Available' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /update now|upgrade now/i })).toHaveCount(0);
      await expect(page.getByText(version)).toHaveCount(0);
      await expect(page.getByTestId('version-latest-release')).toHaveCount(0);
    });
  } finally {
    await api.dispose();
  }
});

test('Settings and /health show the running build version', async ({ page }) => {
  await signedInAsNewUser(page, 'versioned');
  await page.goto('/settings');
  await expect(page.getByTestId('version-running-version')).toHaveText(ROOT_VERSION);
  await expect(page.getByTestId('version-server-version')).toHaveText(ROOT_VERSION);
  const health = (await (await page.request.get('/health')).json()) as { version: string };
  expect(health.version).toBe(ROOT_VERSION);
});
