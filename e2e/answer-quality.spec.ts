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
    buffer: Buffer.from('Duties of the keeper.\n\nThe keeper trims the wick every evening before sunset.\n'),
  },
  {
    name: 'lamps.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Lamps\n\nThe Fresnel lens focuses the Argand burner into a single bright beam.\n'),
  },
  {
    name: 'storms.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('During winter storms the foghorn sounds twice every minute until the fog lifts.\n'),
  },
];

async function collectionWithFiles(page: Page, name: string) {
  await page.goto('/knowledge');
  await page.getByRole('button', { name: 'New Collection' }).click();
  await page.getByLabel('Collection name').fill(name);
  await page.getByRole('button', { name: 'Create Collection' }).click();
  await expect(collectionCard(page, name)).toContainText('0 documents');
  await page.getByTestId('knowledge-file-input').setInputFiles(FILES);
  for (const file of FILES) {
    await expect(documentCard(page, file.name).getByTestId('document-status')).toHaveText('Ready', {
      timeout: 20_000,
    });
  }
}

test('checks a collection’s retrieval quality and shows the figures and the trend', async ({ page }) => {
  await signedInAsNewUser(page, 'quality');
  await collectionWithFiles(page, 'Keeper handbook');

  const report = page.getByTestId('quality-report');
  await expect(report).toContainText('Not checked yet.');
  await report.getByRole('button', { name: 'Check quality' }).click();
  await expect(report.getByTestId('quality-recall')).toHaveText(/^\d+%$/, { timeout: 20_000 });
  await expect(report.getByTestId('quality-recall')).toHaveText('100%');
  await expect(report.getByTestId('quality-probes')).toHaveText('3');
  await expect(report.getByTestId('quality-mrr')).toHaveText(/^\d\.\d\d$/);
  await expect(report).toContainText('Every readable document surfaced');

  // A second check makes a trend.
  await report.getByRole('button', { name: 'Check quality' }).click();
  await expect(report.getByTestId('quality-trend')).toContainText('No change since the previous check', {
    timeout: 20_000,
  });
  await expect(report.getByRole('img', { name: /Found in top 5 over the last 2 checks: 100%, 100%/ })).toBeVisible();
});

test('an answer with sources says how many statements they back up; one without sources says nothing', async ({
  page,
}) => {
  await signedInAsNewUser(page, 'support');
  await collectionWithFiles(page, 'Lighthouse duties');

  await setFakeRuntime(page.request, {
    reply: 'The keeper trims the wick every evening [1]. The tower was painted purple by Napoleon in 1850.',
  });
  await page.goto('/');
  await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Who trims the wick every evening?');
  await page.getByRole('button', { name: 'Search in Lighthouse duties?' }).click();

  // The advanced retrieval settings are one button in the composer, opening above it.
  const advanced = page.getByRole('button', { name: 'Advanced retrieval settings (off)' });
  await advanced.click();
  await expect(page.getByRole('switch', { name: 'Advanced retrieval' })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('switch', { name: 'Advanced retrieval' })).toHaveCount(0);

  await input.press('Enter');
  const answer = page.locator('[data-testid="chat-message"][data-type="ai"]').last();
  await expect(answer.getByTestId('source-item').first()).toContainText('keeper.txt');
  await expect(answer.getByTestId('answer-confidence')).toHaveText(/^Sources match \d+%$/);
  const support = answer.getByTestId('answer-support');
  await expect(support).toHaveText('1 of 2 statements found in the sources');
  const card = answer.getByRole('tooltip');
  await expect(card).toBeHidden();
  await support.hover();
  await expect(card).toBeVisible();
  await expect(card).toContainText('The tower was painted purple by Napoleon in 1850.');

  // A question the documents do not touch: no sources, so neither figure.
  await setFakeRuntime(page.request, { reply: 'Volcanoes in Iceland erupt every few years along the rift.' });
  await input.fill('Which volcanoes erupted in Iceland?');
  await input.press('Enter');
  const plain = page.locator('[data-testid="chat-message"][data-type="ai"]').last();
  await expect(plain).toContainText('Volcanoes in Iceland erupt');
  await expect(plain.getByTestId('answer-support')).toHaveCount(0);
  await expect(plain.getByTestId('answer-confidence')).toHaveCount(0);
  await expect(plain.getByTestId('sources-card')).toHaveCount(0);
});
