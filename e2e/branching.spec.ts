import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { answers, messageBox, questions, sendAndExpect } from './support/chat';
import { promptsSeen, setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

async function editMessage(page: Page, index: number, text: string, reply: string): Promise<void> {
  await setFakeRuntime(page.request, { reply });
  await questions(page).nth(index).getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill(text);
  await page.getByRole('button', { name: 'Save & Submit' }).click();
  await expect(answers(page).last()).toContainText(reply);
}

test('an edit is a new version: ‹ › switches back to the original and its whole branch', async ({ page }) => {
  await signedInAsNewUser(page, 'brancher');
  await page.goto('/');
  await sendAndExpect(page, 'Tell me about cats', 'Cats purr.');
  await sendAndExpect(page, 'What do they eat?', 'Cats eat fish.');

  await editMessage(page, 0, 'Tell me about dogs', 'Dogs bark.');
  await expect(questions(page)).toHaveCount(1);
  await expect(questions(page).first()).toContainText('Tell me about dogs');
  const versions = page.getByRole('group', { name: 'Version 2 of 2' });
  await expect(versions).toContainText('2/2');

  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(page.getByRole('group', { name: 'Version 1 of 2' })).toBeVisible();
  await expect(questions(page)).toHaveText([/Tell me about cats/, /What do they eat\?/]);
  await expect(answers(page)).toHaveText([/Cats purr\./, /Cats eat fish\./]);

  // The shown branch is remembered by the server: a reload shows the same one.
  await page.reload();
  await expect(answers(page)).toHaveText([/Cats purr\./, /Cats eat fish\./]);

  // Keyboard: focus ›, press Enter.
  const next = page.getByRole('button', { name: 'Next version' });
  await next.focus();
  await next.press('Enter');
  await expect(questions(page)).toHaveText([/Tell me about dogs/]);
  await expect(answers(page)).toHaveText([/Dogs bark\./]);

  // Answering continues the shown branch, and the model is never shown the other one.
  await sendAndExpect(page, 'Are they loyal?', 'Dogs are loyal.');
  const prompt = (await promptsSeen(page.request)).filter((text) => text.includes('Are they loyal?')).at(-1) ?? '';
  expect(prompt).toContain('Tell me about dogs');
  expect(prompt).not.toContain('What do they eat?');
  expect(prompt).not.toContain('Cats eat fish.');
});

test('Regenerate keeps both answers, and ‹ › moves between them', async ({ page }) => {
  await signedInAsNewUser(page, 'regenbranch');
  await page.goto('/');
  await sendAndExpect(page, 'Suggest a name for a boat', 'Sea Breeze.');
  await setFakeRuntime(page.request, { reply: 'Wave Runner.' });
  await page.getByRole('button', { name: 'Regenerate answer' }).click();
  await expect(answers(page).last()).toContainText('Wave Runner.');
  await expect(answers(page)).toHaveCount(1);

  const group = page.getByRole('group', { name: 'Answer 2 of 2' });
  await expect(group).toBeVisible();
  await group.getByRole('button', { name: 'Previous answer' }).click();
  await expect(answers(page)).toHaveText([/Sea Breeze\./]);
  await expect(page.getByRole('group', { name: 'Answer 1 of 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Next answer' }).click();
  await expect(answers(page)).toHaveText([/Wave Runner\./]);
});

test('↑ in an empty message box edits the last message sent; Escape cancels', async ({ page }) => {
  await signedInAsNewUser(page, 'uparrow');
  await page.goto('/');
  await sendAndExpect(page, 'First question', 'First answer.');
  await sendAndExpect(page, 'Second question', 'Second answer.');

  await messageBox(page).focus();
  await page.keyboard.press('ArrowUp');
  const form = page.getByRole('textbox', { name: 'Edit message' });
  await expect(form).toBeFocused();
  await expect(form).toHaveValue('Second question');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // With text in the box, ↑ only moves the caret.
  await messageBox(page).fill('draft');
  await messageBox(page).press('ArrowUp');
  await expect(form).toHaveCount(0);
  await messageBox(page).fill('');

  await messageBox(page).press('ArrowUp');
  await form.fill('Second question, reworded');
  await setFakeRuntime(page.request, { reply: 'Reworded answer.' });
  await page.getByRole('button', { name: 'Save & Submit' }).click();
  await expect(answers(page).last()).toContainText('Reworded answer.');
  await expect(questions(page)).toHaveText([/First question/, /Second question, reworded/]);
  await expect(page.getByRole('group', { name: 'Version 2 of 2' })).toBeVisible();
});

test('the switcher fits a phone-sized screen', async ({ page }) => {
  await signedInAsNewUser(page, 'narrowbranch');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await sendAndExpect(page, 'Short question', 'One.');
  await setFakeRuntime(page.request, { reply: 'Two.' });
  await page.getByRole('button', { name: 'Regenerate answer' }).click();
  await expect(answers(page).last()).toContainText('Two.');
  const next = page.getByRole('button', { name: 'Previous answer' });
  await expect(next).toBeInViewport();
  await next.click();
  await expect(answers(page)).toHaveText([/One\./]);
});
