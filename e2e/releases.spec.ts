import type { APIRequestContext } from '@playwright/test';
import { startFakeGithub } from '../apps/server/test/fakes/fake-github';
import { ADMIN, signInViaApi } from './support/accounts';
import { expect, test, toast } from './support/fixtures';

/** The super admin's bearer token (a separate session from the page's). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

test('a super admin configures GitHub and runs a release from the Updates tab', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A local GitHub stand-in on loopback, reachable because the admin allows 127.0.0.1 for the duration.
  const github = await startFakeGithub();
  const api = await playwright.request.newContext({ baseURL });
  const headers = await adminHeaders(api);
  const before = (await (await api.get('/api/admin/settings/network', { headers })).json()) as {
    allowed_hosts: string[];
  };
  await api.put('/api/admin/settings/network', {
    headers,
    data: { allowed_hosts: [...before.allowed_hosts, '127.0.0.1'] },
  });
  const version = `4242.${Date.now() % 1_000_000}.0`;
  try {
    await signInViaApi(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Updates' }).click();

    // The GitHub integration: required fields first, then a write-only token.
    await page.getByLabel('Owner').fill(github.owner);
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page)).toContainText('Missing Configuration');
    await page.getByLabel('Repository').fill(github.repo);
    await page.getByLabel('Access token').fill(github.token);
    await page.getByLabel('API base URL').fill(github.apiBaseUrl);
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page)).toContainText('GitHub configuration saved');
    await expect(page.getByLabel('Access token')).toHaveValue('');
    await expect(page.getByText('configured', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(toast(page)).toContainText(`Connected to ${github.owner}/${github.repo}.`);

    // A new version: validated, created as draft, then staged.
    await page.getByRole('button', { name: 'New Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Version' });
    await dialog.getByLabel('Version number').fill('v1');
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    await expect(dialog.getByRole('alert')).toContainText('dotted numbers');
    await dialog.getByLabel('Version number').fill(version);
    await dialog.getByLabel('Release notes').fill('Faster answers');
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    await expect(dialog).toBeHidden();
    const item = page.getByRole('listitem', { name: `Version ${version}` });
    await expect(item).toContainText('Draft');
    await item.getByRole('button', { name: 'Stage' }).click();
    await expect(item).toContainText('Staged');

    // Deploy via GitHub: a release on the fake, the version live, a completed log.
    await item.getByRole('button', { name: 'Deploy via GitHub' }).click();
    await page
      .getByRole('dialog', { name: 'Deploy via GitHub' })
      .getByRole('button', { name: 'Deploy via GitHub' })
      .click();
    await expect(toast(page)).toContainText('Deployment Complete');
    await expect(item).toContainText('Live');
    const release = [...github.releases.values()].find((entry) => entry.tag_name === `v${version}`);
    expect(release).toMatchObject({ body: 'Faster answers', draft: false });
    await item.getByRole('button', { name: 'Show logs' }).click();
    const logs = page.getByRole('table').filter({ hasText: 'Duration' });
    await expect(logs.getByRole('row')).toHaveCount(2);
    await expect(logs).toContainText('Completed');
    await expect(logs).toContainText(/\d+:\d\d/);

    // Roll back via GitHub: the release is a draft prerelease again; then the version can be deleted.
    await item.getByRole('button', { name: 'GitHub Rollback' }).click();
    await page
      .getByRole('dialog', { name: 'Roll back via GitHub' })
      .getByRole('button', { name: 'Roll back via GitHub' })
      .click();
    await expect(toast(page)).toContainText('Rollback Complete');
    await expect(item).toContainText('Rolled back');
    expect(github.releases.get(Number(release?.id))).toMatchObject({ draft: true, prerelease: true });
    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete version' }).getByRole('button', { name: 'Delete' }).click();
    await expect(item).toBeHidden();
  } finally {
    await api.put('/api/admin/settings/network', { headers, data: before });
    await api.dispose();
    await github.close();
  }
});
