import type { BrowserContext, Locator, Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { expect, test, toast } from './support/fixtures';

/** Issue 17, "Organise": rename, pin, folders, tags, archive, bulk select, delete with undo, as a user does them. */

async function createConversation(page: Page, context: BrowserContext, title: string): Promise<void> {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'hearth_csrf')?.value ?? '';
  const response = await page.request.post('/api/conversations', {
    headers: { 'x-csrf-token': csrf },
    data: { title },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const sidebar = (page: Page) => page.getByTestId('sidebar');
const row = (page: Page, title: string) => sidebar(page).getByTestId('conversation-row').filter({ hasText: title });

async function menu(page: Page, target: Locator, item: string | RegExp): Promise<void> {
  await target.hover();
  await target.getByRole('button', { name: /Options for/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('renames inline (Enter saves, Escape cancels) and pins to the top', async ({ page, context }) => {
  await signedInAsNewUser(page, 'organise-rename');
  await createConversation(page, context, 'Alpha chat');
  await createConversation(page, context, 'Beta chat');
  await page.goto('/');

  await row(page, 'Alpha chat').getByRole('button', { name: 'Alpha chat', exact: true }).dblclick();
  const field = sidebar(page).getByRole('textbox', { name: 'Conversation title' });
  await field.fill('Renamed alpha');
  await field.press('Enter');
  await expect(row(page, 'Renamed alpha')).toBeVisible();

  await menu(page, row(page, 'Beta chat'), 'Rename');
  await field.fill('Not this');
  await field.press('Escape');
  await expect(row(page, 'Beta chat')).toBeVisible();
  await expect(row(page, 'Not this')).toHaveCount(0);

  await menu(page, row(page, 'Renamed alpha'), 'Pin');
  const pinned = sidebar(page).getByRole('group', { name: 'Pinned' });
  await expect(pinned.getByTestId('conversation-row').filter({ hasText: 'Renamed alpha' })).toBeVisible();
  await page.reload();
  await expect(pinned.getByTestId('conversation-row').filter({ hasText: 'Renamed alpha' })).toBeVisible();
  await expect(sidebar(page).getByRole('group', { name: 'Today' })).not.toContainText('Renamed alpha');
});

test('files chats in a folder by drag and drop and by Move to…, and tags them', async ({ page, context }) => {
  await signedInAsNewUser(page, 'organise-folders');
  await createConversation(page, context, 'Gamma chat');
  await createConversation(page, context, 'Delta chat');
  await page.goto('/');

  await sidebar(page).getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill('Projects');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const folder = sidebar(page).getByTestId('folder-row').filter({ hasText: 'Projects' });
  await expect(folder).toBeVisible();

  await row(page, 'Gamma chat').dragTo(folder);
  await expect(toast(page)).toContainText('Moved to Projects.');
  const folders = sidebar(page).getByRole('group', { name: 'Folders' });
  await expect(folders.getByTestId('conversation-row').filter({ hasText: 'Gamma chat' })).toBeVisible();

  await menu(page, row(page, 'Delta chat'), 'Move to…');
  await page.getByRole('dialog', { name: 'Move to folder' }).getByRole('button', { name: 'Projects' }).click();
  await expect(toast(page)).toContainText('Moved to the folder.');
  await expect(folders.getByTestId('conversation-row').filter({ hasText: 'Delta chat' })).toBeVisible();

  await menu(page, row(page, 'Gamma chat'), 'Tags…');
  const tags = page.getByRole('dialog', { name: 'Edit tags' });
  await tags.getByRole('textbox').fill('Work, q3');
  await tags.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Gamma chat').getByTestId('conversation-tags')).toHaveText('#q3 +1');
});

test('archives a chat, finds it on Archived Chats and restores it; bulk archives two', async ({ page, context }) => {
  await signedInAsNewUser(page, 'organise-archive');
  for (const title of ['Epsilon chat', 'Zeta chat', 'Eta chat']) await createConversation(page, context, title);
  await page.goto('/');

  await menu(page, row(page, 'Epsilon chat'), 'Archive');
  await expect(toast(page)).toContainText('Conversation archived.');
  await expect(row(page, 'Epsilon chat')).toHaveCount(0);

  await page.getByRole('link', { name: 'Archived Chats' }).click();
  await expect(page.getByRole('heading', { name: 'Archived Chats' })).toBeVisible();
  const archived = page.getByTestId('archived-row');
  await expect(archived.filter({ hasText: 'Epsilon chat' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search archived chats' });
  await search.fill('nothing like it');
  await expect(page.getByText('No archived chats match your search.')).toBeVisible();
  await search.fill('epsilon');
  await page.getByRole('button', { name: 'Restore Epsilon chat' }).click();
  await expect(toast(page)).toContainText('Conversation restored.');
  await expect(archived).toHaveCount(0);
  await expect(row(page, 'Epsilon chat')).toBeVisible();

  await sidebar(page).getByRole('button', { name: 'Select chats' }).click();
  await sidebar(page).getByRole('checkbox', { name: 'Select Zeta chat' }).check();
  await sidebar(page).getByRole('checkbox', { name: 'Select Eta chat' }).check();
  await sidebar(page).getByRole('toolbar', { name: 'Selected chats' }).getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page)).toContainText('2 archived.');
  await expect(row(page, 'Zeta chat')).toHaveCount(0);
  await expect(row(page, 'Eta chat')).toHaveCount(0);
  await search.fill('');
  await expect(archived).toHaveCount(2);
});

test('delete asks first, then Undo brings the chat back; without Undo it is gone', async ({ page, context }) => {
  await signedInAsNewUser(page, 'organise-undo');
  await createConversation(page, context, 'Theta chat');
  await createConversation(page, context, 'Iota chat');
  await page.goto('/');

  await menu(page, row(page, 'Theta chat'), 'Delete');
  await page.getByRole('dialog', { name: 'Delete conversation?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Conversation deleted successfully.');
  await expect(row(page, 'Theta chat')).toHaveCount(0);
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 'Theta chat')).toBeVisible();

  await menu(page, row(page, 'Iota chat'), 'Delete');
  await page.getByRole('dialog', { name: 'Delete conversation?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Iota chat')).toHaveCount(0);
  // Past the undo window the delete reaches the server; the undone one was never sent.
  await page.waitForTimeout(7_000);
  await page.reload();
  await expect(row(page, 'Theta chat')).toBeVisible();
  await expect(row(page, 'Iota chat')).toHaveCount(0);
});

test('on a 375 px phone a long, tagged title truncates and its menu stays on screen', async ({ page, context }) => {
  await signedInAsNewUser(page, 'organise-phone');
  const long = 'A very long conversation title about lighthouses, keepers, lamps and winter storms at sea';
  await createConversation(page, context, long);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  const mobile = page.getByTestId('sidebar-mobile');
  const target = mobile.getByTestId('conversation-row').filter({ hasText: long });
  await target.getByRole('button', { name: /Options for/ }).click();
  await page.getByRole('menuitem', { name: 'Tags…' }).click();
  const tags = page.getByRole('dialog', { name: 'Edit tags' });
  await tags.getByRole('textbox').fill('sea');
  await tags.getByRole('button', { name: 'Save' }).click();
  await expect(target.getByTestId('conversation-tags')).toHaveText('#sea');

  const trigger = target.getByRole('button', { name: /Options for/ });
  const box = await trigger.boundingBox();
  expect(box && box.x + box.width <= 375).toBe(true);
  const title = target.getByRole('button', { name: long, exact: true });
  expect(await title.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
  await trigger.click();
  for (const item of ['Rename', 'Pin', 'Move to…', 'Tags…', 'Archive', 'Delete']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
});
