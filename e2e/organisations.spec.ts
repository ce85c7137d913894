import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { ADMIN, type Account, newAccount, signInViaApi } from './support/accounts';
import { expect, test, toast } from './support/fixtures';

interface Api {
  playwright: PlaywrightWorkerArgs['playwright'];
  baseURL: string | undefined;
}

/**
 * A bearer token for API calls, from a sign-in in a context of its own: the shared request context never holds a
 * session cookie, so its bearer calls need no CSRF token.
 */
async function tokenFor({ playwright, baseURL }: Api, account: Account): Promise<string> {
  const context = await playwright.request.newContext({ baseURL });
  const response = await context.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const token = ((await response.json()) as { access_token: string }).access_token;
  await context.dispose();
  return token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An active account made by the super admin (whatever the instance's sign-up mode); its id. */
async function createAccount(request: APIRequestContext, adminToken: string, account: Account, role = 'user') {
  const response = await request.post('/api/admin/users', {
    headers: bearer(adminToken),
    data: { email: account.email, password: account.password, full_name: account.fullName, role },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function pageFor(browser: Browser, baseURL: string | undefined, account: Account): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signInViaApi(page, account);
  return page;
}

async function searchNames(request: APIRequestContext, token: string, query: string): Promise<string[]> {
  const response = await request.post('/api/knowledge/search-knowledge', { headers: bearer(token), data: { query } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { file_name: string }[] }).results.map((result) => result.file_name);
}

test('a super admin creates a second organisation and moves an admin there, who then sees only it', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  // Several accounts, browsers and an indexing run: more than the default 30 s on a small machine.
  test.slow();
  const api = { playwright, baseURL };
  const rootToken = await tokenFor(api, ADMIN);
  const orgAdmin = newAccount('orgadmin');
  const colleague = newAccount('colleague');
  await createAccount(request, rootToken, orgAdmin, 'admin');
  const colleagueId = await createAccount(request, rootToken, colleague);

  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Organisations' }).click();
  const name = `Lighthouse Trust ${Date.now().toString(36)}`;
  await page.getByLabel('New organisation name').fill(name);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(toast(page)).toContainText('Organisation created');
  const organisations = page.getByRole('list', { name: 'Organisations' });
  await expect(organisations.getByRole('listitem').filter({ hasText: name })).toContainText('0 users');
  // The default organisation cannot be deleted, and says why.
  await expect(organisations.getByRole('listitem').filter({ hasText: 'Default' })).toContainText(
    'The default organisation cannot be deleted',
  );

  // Users → Move to organisation.
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(orgAdmin.email);
  await page.getByRole('combobox', { name: `Move ${orgAdmin.fullName} to organisation` }).selectOption({ label: name });
  await expect(toast(page)).toContainText(`is now in ${name}`);
  await expect(page.getByRole('row', { name: new RegExp(orgAdmin.email) })).toContainText(name);
  const orgId = (
    (await (await request.get('/api/admin/organizations', { headers: bearer(rootToken) })).json()) as {
      organizations: { id: string; name: string }[];
    }
  ).organizations.find((organization) => organization.name === name)?.id;
  const moved = await request.patch(`/api/admin/users/${colleagueId}/organization`, {
    headers: bearer(rootToken),
    data: { organization_id: orgId },
  });
  expect(moved.status()).toBe(200);

  // The organisation's admin sees its two users and nobody else, and no Organisations tab.
  const adminPage = await pageFor(browser, baseURL, orgAdmin);
  await adminPage.goto('/admin');
  await expect(adminPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(adminPage.getByRole('tab', { name: 'Organisations' })).toHaveCount(0);
  await adminPage.getByRole('tab', { name: 'User Management' }).click();
  await expect(adminPage.getByRole('row', { name: new RegExp(colleague.email) })).toBeVisible();
  await expect(adminPage.getByText('2 users')).toBeVisible();
  await expect(adminPage.getByRole('row', { name: new RegExp(ADMIN.email) })).toHaveCount(0);
  await adminPage.context().close();
});

test('a collection shared with a group is found by a member and not by a non-member', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  // Several accounts, browsers and an indexing run: more than the default 30 s on a small machine.
  test.slow();
  const api = { playwright, baseURL };
  const rootToken = await tokenFor(api, ADMIN);
  const owner = newAccount('sharer');
  const member = newAccount('member');
  const outsider = newAccount('outsider');
  await createAccount(request, rootToken, owner);
  await createAccount(request, rootToken, member);
  await createAccount(request, rootToken, outsider);
  const groupName = `Keepers ${Date.now().toString(36)}`;

  // The super admin makes a group and adds the member (Admin → Groups).
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page.getByLabel('New group name').fill(groupName);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(toast(page)).toContainText('Group created');
  const group = page.getByRole('list', { name: 'Groups' }).getByRole('listitem').filter({ hasText: groupName });
  await group.getByRole('button', { name: 'Members' }).click();
  await group.getByLabel('Add a member').selectOption({ label: `${member.fullName} (${member.email})` });
  await group.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(group.getByRole('list', { name: `Members of ${groupName}` })).toContainText(member.fullName);

  // The owner makes a collection, indexes a file and shares it read-only with the group.
  const ownerPage = await pageFor(browser, baseURL, owner);
  await ownerPage.goto('/knowledge');
  await ownerPage.getByRole('button', { name: 'New Collection' }).click();
  await ownerPage.getByLabel('Collection name').fill('Tide tables');
  await ownerPage.getByRole('button', { name: 'Create Collection' }).click();
  const card = ownerPage.getByTestId('collection-card').filter({ hasText: 'Tide tables' });
  await expect(card).toContainText('0 documents');
  await ownerPage
    .getByTestId('knowledge-file-input')
    .setInputFiles([
      { name: 'springs.txt', mimeType: 'text/plain', buffer: Buffer.from('Spring tides follow the full moon.\n') },
    ]);
  await expect(
    ownerPage.getByTestId('document-card').filter({ hasText: 'springs.txt' }).getByTestId('document-status'),
  ).toHaveText('Ready', { timeout: 20_000 });
  await card.getByRole('button', { name: 'Share collection Tide tables' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Share Tide tables' });
  await dialog.getByLabel(`Access for Group: ${groupName}`).selectOption({ label: 'Can search and read' });
  await dialog.getByRole('button', { name: 'Save sharing' }).click();
  await expect(toast(ownerPage)).toContainText('Sharing saved');

  // The member sees it as shared (read-only) and their search finds its document; the outsider finds nothing.
  const memberPage = await pageFor(browser, baseURL, member);
  await memberPage.goto('/knowledge');
  await expect(memberPage.getByTestId('collection-card').filter({ hasText: 'Tide tables' })).toContainText(
    'Shared with you · read-only',
  );
  expect(await searchNames(request, await tokenFor(api, member), 'spring tides moon')).toEqual(['springs.txt']);

  const outsiderPage = await pageFor(browser, baseURL, outsider);
  await outsiderPage.goto('/knowledge');
  await expect(outsiderPage.getByRole('heading', { name: 'Knowledge Base' })).toBeVisible();
  await expect(outsiderPage.getByTestId('collection-card').filter({ hasText: 'Tide tables' })).toHaveCount(0);
  expect(await searchNames(request, await tokenFor(api, outsider), 'spring tides moon')).toEqual([]);
  for (const opened of [ownerPage, memberPage, outsiderPage]) await opened.context().close();
});
