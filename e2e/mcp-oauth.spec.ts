import type { Locator, Page } from '@playwright/test';
import { startFakeMcpOAuth } from '../apps/server/test/fakes/fake-mcp-oauth';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { answers, messageBox } from './support/chat';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

const NAME = 'Notes OAuth';

/** My MCP servers → Connect → the server's own sign-in page → back to Workspace → Tools, connected. */
async function connect(page: Page, login: string): Promise<Locator> {
  const mine = page.locator('[aria-labelledby="tool-my-mcp-servers"]').getByRole('listitem', { name: NAME });
  await expect(mine.getByText('Not connected', { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveTitle('Fake MCP sign-in');
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/workspace\/tools$/);
  await expect(page.getByText(`Connected to ${NAME}`)).toBeVisible();
  await expect(mine.getByText('Connected', { exact: true })).toBeVisible();
  return mine;
}

test('users connect to an MCP server with their own OAuth sign-in, and a chat calls its tool as them', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const fake = await startFakeMcpOAuth();
  const api = await playwright.request.newContext({ baseURL });
  try {
    await signInViaApi(page, ADMIN);
    await page.goto('/workspace/tools');
    const card = page.locator('[aria-labelledby="tool-mcp-servers"]');
    await card.getByRole('button', { name: 'Add MCP server' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await dialog.getByLabel('URL').fill(fake.url);
    await dialog.getByLabel("Each user's credential").selectOption('oauth');
    await expect(dialog).toContainText('Each user presses Connect');
    // This server registers clients itself: the fields for a pre-registered client stay empty.
    await expect(dialog.getByLabel('OAuth client ID (optional)')).toHaveValue('');
    await expect(dialog).toContainText('/api/mcp/oauth/callback');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const remote = card.getByRole('listitem', { name: NAME });
    await expect(remote).toContainText('Users sign in (OAuth)');

    // The admin lists the tools with their own sign-in, so they connect first.
    await remote.getByRole('button', { name: 'Refresh tools' }).click();
    await expect(remote.getByRole('alert')).toContainText('connect yours first');
    await connect(page, 'admin-at-notes');
    await remote.getByRole('button', { name: 'Refresh tools' }).click();
    const whoami = remote.getByRole('listitem', { name: 'whoami' });
    await expect(whoami).toBeVisible();
    await whoami.getByRole('switch', { name: 'Ask first' }).click();
    await expect(whoami.getByRole('switch', { name: 'Ask first' })).toHaveAttribute('aria-checked', 'false');

    // A user connects their own account at the server; the chat's call carries their token, not the admin's.
    await page.context().clearCookies();
    await signedInAsNewUser(page, 'mcp-oauth');
    await page.goto('/workspace/tools');
    const mine = await connect(page, 'user-at-notes');
    await page.goto('/');
    await setFakeRuntime(page.request, { toolCall: { name: 'notes_oauth__whoami', arguments: {} } });
    await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
    const useTools = page.getByRole('button', { name: 'Use tools' });
    await useTools.click();
    await expect(useTools).toHaveAttribute('aria-pressed', 'true');
    fake.logins.length = 0;
    await messageBox(page).fill('Who am I at Notes?');
    await messageBox(page).press('Enter');
    await expect(answers(page).last()).toContainText('Tool result: key: user-at-notes', { timeout: 30_000 });
    expect(new Set(fake.logins)).toEqual(new Set(['user-at-notes']));

    // Disconnect forgets the sign-in.
    await page.goto('/workspace/tools');
    await mine.getByRole('button', { name: 'Disconnect' }).click();
    await expect(mine.getByText('Not connected', { exact: true })).toBeVisible();
  } finally {
    await setFakeRuntime(page.request, {});
    const login = await api.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
    const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const listed = (await (await api.get('/api/admin/mcp-servers', { headers })).json()) as {
      servers: { id: string; name: string }[];
    };
    for (const server of listed.servers.filter((entry) => entry.name === NAME)) {
      await api.delete(`/api/admin/mcp-servers/${server.id}`, { headers });
    }
    await api.dispose();
    await fake.close();
  }
});
