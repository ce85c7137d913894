import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { newAccount, signedInAsNewUser, signInViaApi, signUpViaApi } from './support/accounts';
import { expect, test, toast } from './support/fixtures';

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-type="ai"]');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function sendAndWait(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(answers(page).last()).toContainText('fake');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
}

async function openChatSettings(page: Page) {
  await page.getByRole('button', { name: 'Chat settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat settings' });
  await expect(dialog.getByLabel('System prompt')).toBeVisible();
  return dialog;
}

test("a chat's own system prompt and temperature are remembered with it; a second chat has the defaults", async ({
  page,
}) => {
  await signedInAsNewUser(page, 'tuner');
  await page.goto('/');
  await sendAndWait(page, 'First question about tides');
  const firstChat = page.url();

  const dialog = await openChatSettings(page);
  await expect(dialog).toContainText('These apply to this chat only');
  await dialog.getByLabel('System prompt').fill('You are a careful tide scientist.');
  await dialog.getByLabel('Temperature').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Temperature must be between 0 and 2.');
  await dialog.getByLabel('Temperature').fill('1.2');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Chat settings saved');
  await expect(dialog).toHaveCount(0);

  await page.reload();
  const again = await openChatSettings(page);
  await expect(again.getByLabel('System prompt')).toHaveValue('You are a careful tide scientist.');
  await expect(again.getByLabel('Temperature')).toHaveValue('1.2');
  await again.press('Escape');

  // A new chat starts from the defaults, and leaves the first chat's settings alone.
  await page.getByRole('button', { name: 'New Chat' }).first().click();
  await sendAndWait(page, 'Second question about waves');
  expect(page.url()).not.toBe(firstChat);
  const second = await openChatSettings(page);
  await expect(second.getByLabel('System prompt')).toHaveValue('');
  await expect(second.getByLabel('Temperature')).toHaveValue('');
  await second.press('Escape');
  await page.goto(firstChat);
  await expect((await openChatSettings(page)).getByLabel('System prompt')).toHaveValue(
    'You are a careful tide scientist.',
  );
});

test('a preset with starters is picked in the model picker, its starter sent, and shared with the organisation', async ({
  page,
  browser,
}) => {
  const owner = await signedInAsNewUser(page, 'captain');
  await page.goto('/workspace/presets');
  await expect(page.getByText('No presets yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Preset' }).click();
  const editor = page.getByRole('dialog', { name: 'New Preset' });
  await editor.getByRole('button', { name: 'Save Preset' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Give the preset a name.');
  await editor.getByLabel('Name').fill('Sea captain');
  await editor.getByLabel('Model').selectOption('llama3:latest');
  await editor.getByLabel('System prompt').fill('Answer like an old sea captain.');
  await editor.getByLabel('Temperature').fill('0.9');
  await editor.getByLabel('Starter prompts').fill('Tell me a sea story\nName three sailing knots');
  await editor.getByRole('button', { name: 'Save Preset' }).click();
  const card = page.getByRole('region', { name: 'Sea captain' });
  await expect(card).toContainText('llama3:latest · temperature 0.9');
  await card.getByRole('switch', { name: 'Shared' }).click();
  await expect(card.getByRole('switch', { name: 'Shared' })).toHaveAttribute('aria-checked', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  // The model picker's Presets section starts a new chat with it; its starters fill the empty chat.
  await page.goto('/');
  await page.getByRole('button', { name: 'Select model' }).click();
  const picker = page.getByRole('dialog');
  await expect(picker.getByRole('heading', { name: 'Presets (1)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picker.getByRole('button', { name: /Sea captain/ }).click();
  await expect(page).toHaveURL(/\?preset=/);
  await expect(page.getByRole('heading', { name: 'Sea captain' })).toBeVisible();
  const starters = page.getByRole('list', { name: 'Starter prompts' });
  await expect(starters.getByRole('button')).toHaveText(['Tell me a sea story', 'Name three sailing knots']);
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await starters.getByRole('button', { name: 'Tell me a sea story' }).click();
  await expect(answers(page).last()).toContainText('fake');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('chat-message').first()).toContainText('Tell me a sea story');
  const settings = await openChatSettings(page);
  await expect(settings).toContainText('started from the preset “Sea captain”');
  await expect(settings.getByLabel('System prompt')).toHaveValue('Answer like an old sea captain.');
  await expect(settings.getByLabel('Temperature')).toHaveValue('0.9');
  await settings.press('Escape');

  // Another member of the organisation sees and can use it, but not change it.
  const colleague = newAccount('deckhand');
  const context = await browser.newContext();
  const other = await context.newPage();
  await signUpViaApi(other.request, colleague);
  await signInViaApi(other, colleague);
  await other.goto('/workspace/presets');
  const shared = other.getByRole('region', { name: 'Sea captain' });
  await expect(shared).toContainText(`Shared by ${owner.fullName}`);
  await expect(shared.getByRole('button', { name: 'Edit Sea captain' })).toHaveCount(0);
  await shared.getByRole('link', { name: 'New chat' }).click();
  await expect(other.getByRole('list', { name: 'Starter prompts' })).toContainText('Name three sailing knots');
  await context.close();
});

test('the Presets tab and the chat settings fit a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = newAccount('narrow');
  await signUpViaApi(page.request, account);
  await signInViaApi(page, account);
  await page.goto('/workspace/presets');
  await expect(
    page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Presets' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Add Preset' }).click();
  await expect(
    page.getByRole('dialog', { name: 'New Preset' }).getByRole('button', { name: 'Save Preset' }),
  ).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto('/');
  await sendAndWait(page, 'A question on a small screen');
  const dialog = await openChatSettings(page);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
