import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

const collectionCard = (page: Page, name: string) => page.getByTestId('collection-card').filter({ hasText: name });
const documentCard = (page: Page, name: string) => page.getByTestId('document-card').filter({ hasText: name });

const FILES = [
  {
    name: 'keeper.txt',
    mimeType: 'text/plain',
    // A long log first, so the cited passage is far down and the viewer has to scroll to it.
    buffer: Buffer.from(
      `${Array.from({ length: 120 }, (_, i) => `Log entry ${i + 1}: calm seas and a steady light.`).join('\n')}\n\n` +
        'Duties of the keeper.\n\nThe keeper trims the wick every evening before sunset.\n',
    ),
  },
  { name: 'lamps.md', mimeType: 'text/markdown', buffer: Buffer.from('# Lamps\n\n- Fresnel lens\n- Argand burner\n') },
  { name: 'towers.csv', mimeType: 'text/csv', buffer: Buffer.from('tower,height\nEddystone,49\nBell Rock,35\n') },
];

test('answers a question from an indexed collection with sources that open at the cited passage', async ({ page }) => {
  await signedInAsNewUser(page, 'researcher');

  // A collection with three kinds of file, indexed live.
  await page.goto('/knowledge');
  await page.getByRole('button', { name: 'New Collection' }).click();
  await page.getByLabel('Collection name').fill('Lighthouse handbook');
  await page.getByRole('button', { name: 'Create Collection' }).click();
  await expect(collectionCard(page, 'Lighthouse handbook')).toContainText('0 documents');
  await page.getByTestId('knowledge-file-input').setInputFiles(FILES);
  for (const file of FILES) {
    await expect(documentCard(page, file.name).getByTestId('document-status')).toHaveText('Ready', {
      timeout: 20_000,
    });
  }
  await expect(collectionCard(page, 'Lighthouse handbook')).toContainText('3 documents');

  // In chat, typing a question suggests the collection; one click puts it in 'Search in:'.
  await setFakeRuntime(page.request, {
    reply: 'The keeper trims the wick every evening [1]. It is done before sunset, as the duties say.',
  });
  await page.goto('/');
  await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(page.getByRole('button', { name: /^Advanced retrieval settings/ })).toHaveCount(0);
  await input.fill('Who trims the wick every evening?');
  await page.getByRole('button', { name: 'Search in Lighthouse handbook?' }).click();
  const picker = page.getByTestId('collection-picker');
  await expect(picker.getByRole('button', { name: 'Remove Lighthouse handbook' })).toBeVisible();
  // Advanced retrieval controls appear only once a collection is selected (off by default), behind a button.
  await page.getByRole('button', { name: 'Advanced retrieval settings (off)' }).click();
  await expect(page.getByRole('switch', { name: 'Advanced retrieval' })).not.toBeChecked();
  await page.keyboard.press('Escape');

  const sent = page.waitForRequest((request) => request.url().endsWith('/api/chat/stream'));
  await input.press('Enter');
  const body = (await sent).postDataJSON() as { selectedCollections?: string[]; advancedRetrieval?: object };
  expect(body.selectedCollections).toHaveLength(1);
  expect(body.advancedRetrieval).toMatchObject({ enabled: false });

  // The answer comes with its sources card and how well they matched.
  const answer = page.locator('[data-testid="chat-message"][data-type="ai"]').last();
  const sources = answer.getByTestId('sources-card');
  await expect(sources.getByTestId('source-item').first()).toContainText('keeper.txt');
  await expect(sources.getByTestId('source-item').first()).toContainText('Lighthouse handbook');
  await expect(sources.getByTestId('source-item').first()).toContainText('trims the wick');
  await expect(answer.getByTestId('answer-confidence')).toHaveText(/^Sources match \d+%/);
  await expect(answer.getByTestId('indexing-notice')).toHaveCount(0);

  // A source opens the document at the cited passage, marked.
  await sources.getByRole('button', { name: /^Open source 1: keeper\.txt/ }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('heading', { name: 'keeper.txt' })).toBeVisible();
  await expect(viewer.getByText('Extracted content, at the cited passage')).toBeVisible();
  await expect(viewer.getByTestId('cited-passage')).toContainText('The keeper trims the wick every evening');
  await expect(viewer.getByTestId('cited-passage')).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // So does the citation [1] in the answer text.
  await answer.getByRole('link', { name: '[1]' }).click();
  await expect(page.getByRole('dialog').getByTestId('cited-passage')).toContainText('trims the wick');
  await page.keyboard.press('Escape');

  // After a reload the saved answer still has its sources.
  await page.reload();
  await expect(
    page.locator('[data-testid="chat-message"][data-type="ai"]').last().getByTestId('source-item').first(),
  ).toContainText('keeper.txt');
});
