import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { expect, test } from './support/fixtures';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a saved prompt with a variable is offered by / in the chat input and inserted filled in', async ({ page }) => {
  await signedInAsNewUser(page, 'prompter');
  await page.goto('/workspace/prompts');
  await expect(page.getByRole('region', { name: 'Contract Analysis' })).toContainText('Starter');
  await expect(page.getByText('You have no prompts of your own yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Prompt' }).click();
  await page.getByRole('button', { name: 'Save Prompt' }).click();
  await expect(page.getByRole('alert')).toContainText('Prompt title required');
  await page.getByLabel('Title').fill('Greeting');
  await page.getByLabel('Prompt', { exact: true }).fill('Write a warm greeting for {{person}}.');
  await expect(page.getByText('Variables: person')).toBeVisible();
  await page.getByLabel('Share with my organisation').click();
  await page.getByRole('button', { name: 'Save Prompt' }).click();
  const card = page.getByRole('region', { name: 'Greeting' });
  await expect(card.getByRole('switch', { name: 'Shared' })).toHaveAttribute('aria-checked', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Search prompts').fill('nothing-like-this');
  await expect(page.getByText('No prompts match your search.')).toBeVisible();

  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello /gre');
  const list = page.getByRole('listbox', { name: 'Prompts' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(list).toHaveCount(0);
  await box.fill('/');
  await expect(list.getByRole('option')).toHaveCount(3);
  await box.pressSequentially('greet');
  await box.press('Enter');
  const form = page.getByRole('dialog', { name: 'Greeting' });
  await form.getByLabel('person').fill('the new neighbours');
  await form.getByRole('button', { name: 'Insert prompt' }).click();
  await expect(box).toHaveValue('Write a warm greeting for the new neighbours.');
  await expect(box).toBeFocused();

  await page.goto('/workspace/prompts');
  await page.getByRole('button', { name: 'Delete Greeting' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Greeting' })).toHaveCount(0);
});

test('the Tools tab lists the real document formats and the collections index state', async ({ page }) => {
  await signedInAsNewUser(page, 'toolsman');
  await page.goto('/workspace/tools');
  const parser = page.getByRole('region', { name: 'Document Parser' });
  await expect(parser).toContainText('Enabled');
  await expect(parser.getByRole('list', { name: 'Supported formats' })).toContainText('.pdf');
  await expect(parser).toContainText('OCR');
  const database = page.getByRole('region', { name: 'Document Database' });
  await expect(database).toContainText('No collections yet.');
  await expect(database).toContainText('full-text');
  expect(await seriousViolations(page)).toEqual([]);
});
