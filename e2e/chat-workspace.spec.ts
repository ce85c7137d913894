import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { longReply, setFakeRuntime } from './support/fake-runtime-control';
import { expect, test, toast } from './support/fixtures';

/** Issue #17 ("Broken today"): faults of the chat workspace, each checked in a real browser. */

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-type="ai"]');

async function send(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

async function createConversation(page: Page, context: BrowserContext, title: string): Promise<void> {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'hearth_csrf')?.value ?? '';
  const response = await page.request.post('/api/conversations', {
    headers: { 'x-csrf-token': csrf },
    data: { title },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const LONG_TITLE =
  'Notes on lighthouses, their keepers, the lamps they tended and the storms they watched through the long winter nights of';

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 740 },
]) {
  test(`a 120-character title truncates and its conversation can be deleted (${viewport.name})`, async ({
    page,
    context,
  }) => {
    expect(LONG_TITLE).toHaveLength(120);
    await signedInAsNewUser(page, `longtitle${viewport.name}`);
    await createConversation(page, context, 'Short neighbour');
    await createConversation(page, context, LONG_TITLE);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/');
    if (viewport.width < 768) {
      await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      await expect(page.getByTestId('sidebar-mobile')).toBeVisible();
    }
    const sidebar = page.getByTestId(viewport.width < 768 ? 'sidebar-mobile' : 'sidebar');
    const row = sidebar.getByTestId('conversation-row').filter({ hasText: LONG_TITLE });
    await expect(row).toBeVisible();

    // The row stays inside the sidebar, its title cut with an ellipsis, its menu on screen.
    const sidebarBox = await sidebar.boundingBox();
    const rowBox = await row.boundingBox();
    const trigger = row.getByRole('button', { name: /Options for/ });
    const triggerBox = await trigger.boundingBox();
    expect(sidebarBox && rowBox && triggerBox).toBeTruthy();
    if (!sidebarBox || !rowBox || !triggerBox) return;
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(sidebarBox.x + sidebarBox.width);
    expect(triggerBox.x + triggerBox.width).toBeLessThanOrEqual(
      Math.min(sidebarBox.x + sidebarBox.width, viewport.width),
    );
    const title = row.getByRole('button', { name: LONG_TITLE, exact: true });
    expect(await title.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
    expect(await title.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    // Deleting asks first: Cancel keeps it, Delete removes it.
    await row.hover();
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete conversation?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();

    await row.hover();
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Conversation deleted successfully.');
    await expect(row).toHaveCount(0);
    await expect(sidebar.getByTestId('conversation-row').filter({ hasText: 'Short neighbour' })).toBeVisible();
  });
}

test('Escape stops a streaming answer like Stop does', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: longReply(300), tokenDelayMs: 50 });
  await signedInAsNewUser(page, 'escaper');
  await send(page, 'Count slowly please');
  await expect(page.getByTestId('streaming-answer')).toContainText('word5');
  await page.keyboard.press('Escape');

  const answer = answers(page).last();
  await expect(answer).toContainText('Stopped:');
  await expect(answer).not.toContainText('word300');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await setFakeRuntime(page.request);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the edit form's Cancel button is readable (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await setFakeRuntime(page.request, { reply: 'Short.' });
    await signedInAsNewUser(page, `editcancel${theme}`);
    await send(page, 'Tell me about cats');
    await expect(answers(page).last()).toContainText('Short.');
    await page.getByRole('button', { name: 'Edit message' }).click();
    const cancel = page.getByTestId('message-list').getByRole('button', { name: 'Cancel', exact: true });
    await expect(cancel).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('[data-testid="chat-message"][data-type="user"]')
      .withRules(['color-contrast'])
      .analyze();
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
    await cancel.click();
    await expect(page.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);
  });
}

test('.md and .csv files can be attached, and a sent file chip opens the file', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'Read them.' });
  await signedInAsNewUser(page, 'mdcsv');
  await expect(page.getByTestId('attach-input')).toHaveAttribute('accept', /\.md\b.*\.csv\b|\.csv\b.*\.md\b/);
  await page.getByTestId('attach-input').setInputFiles([
    { name: 'plan.md', mimeType: 'text/markdown', buffer: Buffer.from('# Plan\n\nLight the lamp at **dusk**.') },
    { name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from('item,count\nwicks,340\n') },
  ]);
  for (const pending of await page.getByTestId('pending-file').all()) {
    await expect(pending).toHaveAttribute('data-status', 'ready');
  }
  await send(page, 'What do these say?');
  await expect(answers(page).last()).toContainText('Read them.');

  const chip = page.locator('[data-testid="chat-message"][data-type="user"]').getByRole('link', { name: /stock\.csv/ });
  await expect(chip).toBeVisible();
  const download = page.waitForEvent('download');
  await chip.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('stock.csv');
  expect(await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString())).toBe(
    'item,count\nwicks,340\n',
  );
});
