import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { promptsSeen, setFakeRuntime } from './support/fake-runtime-control';
import type { FakeKnobs } from './support/fake-runtime';
import { expect, test } from './support/fixtures';

/** Issue 17 Compare: one message to two models side by side; the chosen answer is where the chat goes on. */

const LLAMA = 'llama3:latest';
const MISTRAL = 'mistral:7b';
const MODELS: FakeKnobs['models'] = [
  { name: LLAMA, parameter_size: '8.0B', family: 'llama', capabilities: ['completion'] },
  { name: MISTRAL, parameter_size: '7B', family: 'mistral', capabilities: ['completion'] },
];
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-type="ai"]');
const columns = (page: Page) => page.getByTestId('compare-column');

/** axe-core's serious and critical findings in the comparison panel. */
async function panelViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="compare-panel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** Turns Compare on for the model picker's model and mistral, then sends `text`. */
async function compareWithMistral(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('selected-model')).toHaveText(LLAMA);
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare models' });
  await expect(dialog.getByRole('checkbox', { name: LLAMA })).toBeChecked();
  await dialog.getByRole('checkbox', { name: MISTRAL }).check();
  await dialog.getByRole('button', { name: 'Compare 2 models' }).click();
  await expect(page.getByTestId('compare-models')).toContainText(`Comparing ${LLAMA}, ${MISTRAL}`);
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

test.afterEach(async ({ page }) => {
  await setFakeRuntime(page.request);
});

test('sends one message to two models side by side, picks the second and goes on from it alone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await setFakeRuntime(page.request, {
    models: MODELS,
    replies: { [LLAMA]: 'Llama thinks the sky is blue.', [MISTRAL]: 'Mistral thinks the sea is green.' },
    tokenDelayMs: 60,
  });
  await signedInAsNewUser(page, 'comparer');
  await page.goto('/');
  await compareWithMistral(page, 'What colour is best?');

  await expect(columns(page)).toHaveCount(2);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const llama = columns(page).filter({ has: page.getByRole('heading', { name: LLAMA }) });
  const mistral = columns(page).filter({ has: page.getByRole('heading', { name: MISTRAL }) });
  await expect(llama).toContainText('Llama thinks the sky is blue.');
  await expect(mistral).toContainText('Mistral thinks the sea is green.');
  await expect(llama.getByRole('status')).toHaveText('Done');
  await expect(mistral.getByRole('status')).toHaveText('Done');

  // Side by side at desktop width: same row, the second to the right of the first.
  const [left, right] = [await llama.boundingBox(), await mistral.boundingBox()];
  expect(left && right && Math.abs(left.y - right.y) < 2 && right.x > left.x + left.width - 1).toBe(true);

  expect(await panelViolations(page), 'dark theme').toEqual([]);

  // Keyboard: focus the second answer's button and press Enter.
  const use = mistral.getByRole('button', { name: `Use this answer from ${MISTRAL}` });
  await use.focus();
  await use.press('Enter');
  await expect(page.getByTestId('compare-panel')).toHaveCount(0);
  await expect(answers(page)).toHaveText([/Mistral thinks the sea is green\./]);
  await expect(page.getByRole('group', { name: /^Answer [12] of 2$/ })).toBeVisible();
  await expect(page.getByTestId('selected-model')).toHaveText(MISTRAL);

  // The chat goes on from the chosen answer, with its model, and the model never sees the other answer.
  await setFakeRuntime(page.request, { models: MODELS, replies: { [MISTRAL]: 'Because it is calm.' } });
  await messageBox(page).fill('Why that one?');
  await messageBox(page).press('Enter');
  await expect(answers(page).last()).toContainText('Because it is calm.');
  const prompt = (await promptsSeen(page.request)).filter((text) => text.includes('Why that one?')).at(-1) ?? '';
  expect(prompt).toContain('Mistral thinks the sea is green.');
  expect(prompt).not.toContain('Llama thinks the sky is blue.');

  // The other answer stays one switch away.
  await page.reload();
  await expect(answers(page)).toHaveText([/Mistral thinks the sea is green\./, /Because it is calm\./]);
  const versions = page.getByRole('group', { name: /^Answer [12] of 2$/ });
  await versions
    .getByRole('button', { name: /Previous answer|Next answer/ })
    .and(page.locator(':enabled'))
    .click();
  await expect(answers(page)).toHaveText([/Llama thinks the sky is blue\./]);
});

test('at 375 px the answers stack, and a runtime that fails shows its error in its own column', async ({ page }) => {
  test.setTimeout(90_000);
  await setFakeRuntime(page.request, {
    models: MODELS,
    replies: { [LLAMA]: 'Still here.' },
    failingModels: [MISTRAL],
  });
  await signedInAsNewUser(page, 'comparer-phone');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await compareWithMistral(page, 'Are you both there?');

  const llama = columns(page).filter({ has: page.getByRole('heading', { name: LLAMA }) });
  const mistral = columns(page).filter({ has: page.getByRole('heading', { name: MISTRAL }) });
  await expect(llama).toContainText('Still here.');
  await expect(mistral.getByRole('alert')).toBeVisible();
  await expect(mistral.getByRole('status')).toHaveText('Failed');
  await expect(mistral.getByRole('button', { name: /Use this answer/ })).toHaveCount(0);

  // Stacked on a phone: the second column starts below the first, at the same left edge.
  const [top, below] = [await llama.boundingBox(), await mistral.boundingBox()];
  expect(top && below && below.y >= top.y + top.height - 1 && Math.abs(below.x - top.x) < 2).toBe(true);
  expect(await panelViolations(page), 'light theme, 375 px').toEqual([]);

  await llama.getByRole('button', { name: `Use this answer from ${LLAMA}` }).click();
  await expect(answers(page)).toHaveText([/Still here\./]);
});
