import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { newAccount, signInViaApi, signUpViaApi, signedInAsNewUser } from './support/accounts';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

/** Issue #17 "Share" and "Temporary chat": share links, export, import and a chat that leaves no trace. */

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-type="ai"]');

async function startChat(page: Page, text: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(answers(page).last()).toContainText('Lighthouses guide ships');
}

test('a shared chat opens for another member, not for visitors, and stops working once revoked', async ({
  page,
  browser,
}) => {
  await setFakeRuntime(page.request, { reply: 'Lighthouses guide ships **safely** home.' });
  await signedInAsNewUser(page, 'sharer');
  await startChat(page, 'Why do lighthouses matter?');

  await page.getByRole('button', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share chat' });
  await expect(dialog).toContainText('People signed in to this Hearth can open it.');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByLabel('Share link').inputValue();
  expect(link).toMatch(/\/s\/[\w-]{40,}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The chat goes on; the link keeps showing the snapshot.
  await messageBox(page).fill('A later question that is not shared');
  await messageBox(page).press('Enter');
  await expect(answers(page)).toHaveCount(2);

  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  const account = newAccount('reader');
  await signUpViaApi(readerPage.request, account);
  await signInViaApi(readerPage, account);
  await readerPage.goto(link);
  await expect(readerPage.getByRole('heading', { level: 1 })).toBeVisible();
  const shared = readerPage.getByRole('list', { name: 'Messages' });
  await expect(shared.getByText('Why do lighthouses matter?')).toBeVisible();
  await expect(shared.locator('strong', { hasText: 'safely' })).toBeVisible();
  await expect(shared.getByText('A later question that is not shared')).toHaveCount(0);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole('heading', { name: 'Sign in to view this chat' })).toBeVisible();
  await expect(visitorPage.getByText('Why do lighthouses matter?')).toHaveCount(0);

  await page.goto('/settings');
  const links = page.getByRole('list', { name: 'Shared links' });
  await expect(links.getByRole('listitem')).toHaveCount(1);
  await expect(links).toContainText('Members');
  await links.getByRole('button', { name: /^Revoke link to/ }).click();
  await page.getByRole('dialog', { name: 'Revoke link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('You have not shared any chats.')).toBeVisible();

  await readerPage.reload();
  await expect(readerPage.getByRole('heading', { name: 'Shared chat not found' })).toBeVisible();
  await reader.close();
  await visitor.close();
});

test('a chat downloads as Markdown from the chat header', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'Lighthouses guide ships home.' });
  await signedInAsNewUser(page, 'exporter');
  await startChat(page, 'Export me, please');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Markdown (.md)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.md$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text).toContain('Export me, please');
  expect(text).toContain('Lighthouses guide ships home.');

  // The sidebar row's menu offers the same.
  const row = page.getByTestId('conversation-row').filter({ hasText: 'Export me, please' });
  await row.hover();
  await row.getByRole('button', { name: /Options for/ }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  await expect(page.getByRole('dialog', { name: 'Share chat' })).toBeVisible();
});

test('a ChatGPT export imports from Settings and its chat opens', async ({ page }) => {
  await signedInAsNewUser(page, 'importer');
  await page.goto('/settings');
  const chatgpt = [
    {
      title: 'Imported harbour plans',
      create_time: 1_700_000_000,
      current_node: 'a',
      mapping: {
        q: {
          parent: null,
          message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['Where is the harbour?'] } },
        },
        a: {
          parent: 'q',
          message: {
            author: { role: 'assistant' },
            content: { content_type: 'text', parts: ['Past the **old lighthouse**.'] },
          },
        },
      },
    },
  ];
  await page.getByLabel('Choose an export file').setInputFiles({
    name: 'conversations.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(chatgpt)),
  });
  await expect(page.getByText('Imported 1 conversation from ChatGPT.')).toBeVisible();
  await page.getByRole('link', { name: 'Imported harbour plans' }).click();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Where is the harbour?')).toBeVisible();
  await expect(page.locator('strong', { hasText: 'old lighthouse' })).toBeVisible();

  await page.goto('/settings');
  await page.getByLabel('Choose an export file').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello": "world"}'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'not a ChatGPT export' })).toBeVisible();
});

test('a temporary chat answers, is clearly marked and leaves no trace', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'A passing thought, soon gone.' });
  await signedInAsNewUser(page, 'ephemeral');
  await page.goto('/');
  await page.getByRole('switch', { name: 'Temporary chat' }).click();
  await expect(page).toHaveURL(/\/temporary$/);
  await expect(page.getByRole('note')).toContainText('Messages are not saved');
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await messageBox(page).fill('Remember nothing of this');
  await messageBox(page).press('Enter');
  await expect(page.getByText('A passing thought, soon gone.')).toBeVisible();

  // Leaving asks first, then discards it.
  await page.getByRole('switch', { name: 'Temporary chat' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard this temporary chat?' });
  await confirm.getByRole('button', { name: 'Discard and leave' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('conversation-row')).toHaveCount(0);
  const list = await page.request.get('/api/conversations');
  expect(((await list.json()) as { conversations: unknown[] }).conversations).toEqual([]);
});
