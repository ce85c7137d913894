import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { FAKE_MCP_STDIO_SCRIPT, startFakeMcpHttp } from '../apps/server/test/fakes/fake-mcp';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { answers, messageBox } from './support/chat';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

/** A bearer token for `email` (a separate session from the page's). */
async function bearer(request: APIRequestContext, email: string, password: string): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** Fills the "Add MCP server" dialog and saves it. */
async function addServer(page: Page, card: Locator, fields: (dialog: Locator) => Promise<void>): Promise<void> {
  await card.getByRole('button', { name: 'Add MCP server' }).click();
  const dialog = page.getByRole('dialog');
  await fields(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('an admin registers a stdio and an HTTP MCP server, sees their tools, and a chat uses both', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const http = await startFakeMcpHttp();
  const api = await playwright.request.newContext({ baseURL });
  const adminHeaders = await bearer(api, ADMIN.email, ADMIN.password);
  try {
    await signInViaApi(page, ADMIN);
    await page.goto('/workspace/tools');
    const card = page.locator('[aria-labelledby="tool-mcp-servers"]');
    await expect(card).toBeVisible();

    // A command outside MCP_STDIO_COMMANDS is refused with a clear error.
    await card.getByRole('button', { name: 'Add MCP server' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Shell');
    await dialog.getByLabel('Transport').selectOption('stdio');
    await dialog.getByLabel('Command').fill('/bin/sh');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText('is not allowed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // stdio: the fake MCP server run by this node executable (the e2e server allows it).
    await addServer(page, card, async (form) => {
      await form.getByLabel('Name', { exact: true }).fill('Orders stdio');
      await form.getByLabel('Transport').selectOption('stdio');
      await form.getByLabel('Command').fill(process.execPath);
      await form
        .getByLabel('Arguments (one per line)')
        .fill(['--import', 'tsx', path.resolve(FAKE_MCP_STDIO_SCRIPT)].join('\n'));
    });
    const stdio = card.getByRole('listitem', { name: 'Orders stdio' });
    await stdio.getByRole('button', { name: 'Refresh tools' }).click();
    const lookup = stdio.getByRole('listitem', { name: 'lookup_order' });
    await expect(lookup).toContainText('Looks up an order by its number.', { timeout: 20_000 });
    await expect(stdio.getByRole('listitem', { name: 'add' })).toContainText('Adds two numbers.');
    // Tools ask first by default; this one may run on its own.
    const askFirst = lookup.getByRole('switch', { name: 'Ask first' });
    await expect(askFirst).toHaveAttribute('aria-checked', 'true');
    await askFirst.click();
    await expect(askFirst).toHaveAttribute('aria-checked', 'false');

    // HTTP: each user brings their own key; the admin refreshes with their own.
    await addServer(page, card, async (form) => {
      await form.getByLabel('Name', { exact: true }).fill('Orders HTTP');
      await form.getByLabel('URL').fill(http.url);
      await form.getByLabel("Each user's credential").selectOption('key');
      await form.getByLabel('Header name').fill('x-api-key');
      await form.getByLabel("Value ({key} is the user's key)").fill('{key}');
    });
    const remote = card.getByRole('listitem', { name: 'Orders HTTP' });
    await remote.getByRole('button', { name: 'Refresh tools' }).click();
    await expect(remote.getByRole('alert')).toContainText('set yours for it first');
    const mine = page.locator('[aria-labelledby="tool-my-mcp-servers"]').getByRole('listitem', { name: 'Orders HTTP' });
    await expect(mine).toContainText('Key not set');
    await mine.getByLabel('Your key').fill('admin-key');
    await mine.getByRole('button', { name: 'Save key' }).click();
    await expect(mine).toContainText('Key set');
    await remote.getByRole('button', { name: 'Refresh tools' }).click();
    await expect(remote.getByRole('listitem', { name: 'whoami' })).toContainText('Says which key the call carried.');
    expect(http.keys).toContain('admin-key');
    await remote.getByRole('listitem', { name: 'whoami' }).getByRole('switch', { name: 'Ask first' }).click();

    // A user's chat, with "Use tools" on, calls the stdio tool; the fake model answers with its result.
    await page.context().clearCookies();
    await signedInAsNewUser(page, 'mcp');
    // The user keeps their own key for the HTTP server (Workspace → Tools → My MCP servers).
    await page.goto('/workspace/tools');
    const theirs = page
      .locator('[aria-labelledby="tool-my-mcp-servers"]')
      .getByRole('listitem', { name: 'Orders HTTP' });
    await theirs.getByLabel('Your key').fill('user-own-key');
    await theirs.getByRole('button', { name: 'Save key' }).click();
    await expect(theirs).toContainText('Key set');
    await page.goto('/');
    await setFakeRuntime(page.request, {
      toolCall: { name: 'orders_stdio__lookup_order', arguments: { order_id: 'A-17' } },
    });
    await expect(page.getByTestId('connection-badge')).toHaveText(/GPU Mode|CPU Only/);
    await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
    const useTools = page.getByRole('button', { name: 'Use tools' });
    await useTools.click();
    await expect(useTools).toHaveAttribute('aria-pressed', 'true');
    await messageBox(page).fill('Where is my order A-17?');
    await messageBox(page).press('Enter');
    await expect(answers(page).last()).toContainText('Tool result: Order A-17: shipped on 2026-11-20', {
      timeout: 30_000,
    });

    // The HTTP server's tool, in the same chat: the call carries this user's own key, and only theirs.
    http.keys.length = 0;
    await setFakeRuntime(page.request, { toolCall: { name: 'orders_http__whoami', arguments: {} } });
    await messageBox(page).fill('Which key did you use?');
    await messageBox(page).press('Enter');
    await expect(answers(page).last()).toContainText('Tool result: key: user-own-key', { timeout: 30_000 });
    expect(new Set(http.keys)).toEqual(new Set(['user-own-key']));
  } finally {
    await setFakeRuntime(page.request, {});
    const listed = (await (await api.get('/api/admin/mcp-servers', { headers: adminHeaders })).json()) as {
      servers: { id: string }[];
    };
    for (const server of listed.servers) {
      await api.delete(`/api/admin/mcp-servers/${server.id}`, { headers: adminHeaders });
    }
    await api.dispose();
    await http.close();
  }
});
