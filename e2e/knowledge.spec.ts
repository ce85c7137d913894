import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test, toast } from './support/fixtures';

const card = (page: Page, name: string) => page.getByTestId('collection-card').filter({ hasText: name });
const documentCard = (page: Page, name: string) => page.getByTestId('document-card').filter({ hasText: name });

test('a collection takes txt, md and csv files, indexes them live and opens their content', async ({ page }) => {
  await signedInAsNewUser(page, 'librarian');
  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { name: 'Knowledge Base' })).toBeVisible();

  // A blank name is refused with the spec's toast.
  await page.getByRole('button', { name: 'New Collection' }).click();
  await page.getByRole('button', { name: 'Create Collection' }).click();
  await expect(toast(page)).toContainText('Collection name required');
  await page.getByLabel('Collection name').fill('Lighthouse notes');
  await page.getByLabel('Description').fill('Keepers and lamps');
  await page.getByRole('button', { name: 'Create Collection' }).click();
  await expect(card(page, 'Lighthouse notes')).toContainText('Keepers and lamps');
  await expect(card(page, 'Lighthouse notes')).toContainText('0 documents');

  await page.getByTestId('knowledge-file-input').setInputFiles([
    { name: 'keeper.txt', mimeType: 'text/plain', buffer: Buffer.from('The keeper trims the wick every evening.\n') },
    {
      name: 'lamps.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Lamps\n\n- Fresnel lens\n- Argand burner\n'),
    },
    { name: 'towers.csv', mimeType: 'text/csv', buffer: Buffer.from('tower,height\nEddystone,49\nBell Rock,35\n') },
  ]);
  for (const name of ['keeper.txt', 'lamps.md', 'towers.csv'])
    await expect(documentCard(page, name).getByTestId('document-status')).toHaveText('Ready', { timeout: 20_000 });
  await expect(card(page, 'Lighthouse notes')).toContainText('3 documents');

  // The server-side search narrows the list.
  await page.getByLabel('Search collections').fill('nothing-like-this');
  await expect(page.getByText('No collections match.')).toBeVisible();
  await page.getByLabel('Search collections').fill('lighthouse');
  await expect(card(page, 'Lighthouse notes')).toBeVisible();

  // The extracted text opens as plain text, with a way to download the original.
  await documentCard(page, 'keeper.txt').getByRole('button', { name: 'keeper.txt', exact: true }).click();
  await expect(page.getByTestId('document-content')).toContainText('The keeper trims the wick every evening.');
  await expect(page.getByRole('link', { name: 'Download original' })).toBeVisible();
  await page.keyboard.press('Escape');

  // In chat, 'Search in:' picks the collection: a chip appears and the send carries its id.
  await setFakeRuntime(page.request);
  await page.goto('/');
  await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
  const picker = page.getByTestId('collection-picker');
  await picker.getByRole('button', { name: 'All collections' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Lighthouse notes' }).click();
  await page.keyboard.press('Escape');
  await expect(picker.getByRole('button', { name: 'Remove Lighthouse notes' })).toBeVisible();
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/chat/stream'));
  await page.getByRole('textbox', { name: 'Message' }).fill('Who trims the wick?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const body = (await sent).postDataJSON() as { selectedCollections?: string[] };
  expect(body.selectedCollections).toHaveLength(1);
  await expect(page.locator('[data-testid="chat-message"][data-type="ai"]').last()).toBeVisible();

  await page.goto('/knowledge');

  await card(page, 'Lighthouse notes').getByRole('button', { name: 'Delete collection Lighthouse notes' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByLabel('Search collections').fill('');
  await expect(page.getByText('No collections yet.')).toBeVisible();
});

test('the workspace Knowledge tab adds a collection with files and filters it by search', async ({ page }) => {
  await signedInAsNewUser(page, 'curator');
  await page.goto('/workspace/knowledge');
  await expect(page.getByRole('button', { name: 'Upload Documents' })).toBeDisabled();

  await page.getByRole('button', { name: 'Add Knowledge' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Collection name').fill('Harbour logs');
  await dialog.getByLabel('Choose files').setInputFiles([
    { name: 'tides.txt', mimeType: 'text/plain', buffer: Buffer.from('High tide at dawn.') },
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not really') },
  ]);
  await expect(toast(page)).toContainText('Some files were skipped');
  await expect(dialog.getByText('tides.txt')).toBeVisible();
  await expect(dialog.getByText('photo.png')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page)).toContainText('Successfully uploaded 1 documents.');
  await expect(card(page, 'Harbour logs')).toContainText('No description');

  await page.getByLabel('Search knowledge').fill('zzz');
  await expect(card(page, 'Harbour logs')).toHaveCount(0);
  await page.getByLabel('Search knowledge').fill('harbour');
  await expect(card(page, 'Harbour logs')).toBeVisible();
});

test('the upload screen shows each file from upload to completed, and the 10 MB limit', async ({ page }) => {
  await signedInAsNewUser(page, 'uploader');
  await page.goto('/knowledge');
  await page.getByRole('button', { name: 'New Collection' }).click();
  await page.getByLabel('Collection name').fill('Inbox');
  await page.getByRole('button', { name: 'Create Collection' }).click();
  await expect(card(page, 'Inbox')).toBeVisible();

  await page.goto('/upload');
  await expect(page.getByText('up to 10 MB each')).toBeVisible();
  await expect(page.getByLabel('Collection', { exact: true })).toHaveValue(/.+/);
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Ship the lens on Tuesday.') },
    { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(11 * 1024 * 1024, 'a') },
  ]);
  const rows = page.getByTestId('upload-row');
  await expect(rows.filter({ hasText: 'memo.txt' }).getByTestId('upload-status')).toHaveText('Completed');
  await expect(rows.filter({ hasText: 'huge.txt' }).getByTestId('upload-status')).toHaveText('Error');
  await expect(rows.filter({ hasText: 'huge.txt' })).toContainText('exceeds maximum allowed size (10MB)');
});
