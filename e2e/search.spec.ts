import { signedInAsNewUser } from './support/accounts';
import { answers, messageBox, questions, sendAndExpect } from './support/chat';
import { setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

test('Ctrl/Cmd+K finds a conversation by a word in an answer and jumps to that message, even on another branch', async ({
  page,
}) => {
  await signedInAsNewUser(page, 'palette');
  await page.goto('/');
  await sendAndExpect(page, 'Where should I travel?', 'Try the Zanzibar archipelago in June.');
  await sendAndExpect(page, 'What about food?', 'Octopus curry is the local favourite.');
  // Editing the first question moves the Zanzibar answer to a branch that is no longer shown.
  await setFakeRuntime(page.request, { reply: 'Iceland in winter.' });
  await questions(page).first().getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('Where should I travel in winter?');
  await page.getByRole('button', { name: 'Save & Submit' }).click();
  await expect(answers(page)).toHaveText([/Iceland in winter\./]);

  // A new chat, then the palette: recent conversations first, live results as the word is typed.
  await page.keyboard.press('ControlOrMeta+Shift+O');
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('ControlOrMeta+K');
  const palette = page.getByTestId('command-palette');
  await expect(palette.getByText('Recent conversations')).toBeVisible();
  await expect(palette.getByRole('option')).not.toHaveCount(0);
  await palette.getByRole('combobox', { name: 'Search conversations' }).fill('zanzibar');
  const hit = palette.getByRole('option').filter({ hasText: 'Zanzibar archipelago' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('Zanzibar');
  await expect(palette.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/c\/[^?]+\?message=/);
  const highlighted = page.locator('[data-highlighted="true"]');
  await expect(highlighted).toContainText('Try the Zanzibar archipelago in June.');
  await expect(highlighted).toBeInViewport();
  await expect(questions(page).first()).toContainText('Where should I travel?');

  // Escape closes the palette.
  await page.keyboard.press('ControlOrMeta+K');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('/search filters by date and model, and opens a result at its message', async ({ page }) => {
  await signedInAsNewUser(page, 'searchpage');
  await page.goto('/');
  await sendAndExpect(page, 'Plan a kayak trip', 'Pack a paddle float and a dry bag.');
  const model = (await page.getByTestId('selected-model').textContent())?.trim() ?? '';

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText('Type to search your conversations.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('paddle');
  const results = page.getByTestId('search-results').getByRole('link');
  await expect(results).toHaveCount(1);
  await expect(results.first().locator('mark')).toHaveText('paddle');

  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('No conversations match “paddle”.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('');
  await expect(results).toHaveCount(1);

  await page.getByLabel('Model', { exact: true }).fill('no-such-model');
  await expect(page.getByText('No conversations match “paddle”.')).toBeVisible();
  await page.getByLabel('Model', { exact: true }).fill(model);
  await expect(results).toHaveCount(1);
  await page.getByLabel('Attachments', { exact: true }).selectOption('true');
  await expect(page.getByText('No conversations match “paddle”.')).toBeVisible();
  await page.getByLabel('Attachments', { exact: true }).selectOption('');

  await results.first().click();
  await expect(page.locator('[data-highlighted="true"]')).toContainText('Pack a paddle float');
});

test('the keyboard help lists every shortcut, from the user menu and by its keys; ? is typed in the message box', async ({
  page,
}) => {
  await signedInAsNewUser(page, 'shortcuts');
  await page.goto('/');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
  await expect(help).toBeVisible();
  for (const label of [
    'Search conversations',
    'New chat',
    'Stop the answer being written',
    'Edit your last message (in an empty message box)',
    'Show these shortcuts',
  ]) {
    await expect(help.getByText(label, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await messageBox(page).fill('Why?');
  await messageBox(page).press('?');
  await expect(help).toBeHidden();
  await expect(messageBox(page)).toHaveValue('Why??');

  await page.keyboard.press('ControlOrMeta+/');
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
});

test('Ctrl/Cmd+Shift+O starts a new chat from a conversation, also while typing', async ({ page }) => {
  await signedInAsNewUser(page, 'newchat');
  await page.goto('/');
  await sendAndExpect(page, 'Hello there', 'Hi!');
  await expect(page).toHaveURL(/\/c\//);
  await messageBox(page).fill('half typed');
  await page.keyboard.press('ControlOrMeta+Shift+O');
  await expect(page).toHaveURL(/\/$/);
  await expect(answers(page)).toHaveCount(0);
});
