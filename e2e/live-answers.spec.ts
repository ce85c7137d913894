import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { longReply, setFakeRuntime } from './support/fake-runtime-control';
import { expect, test } from './support/fixtures';

/** Issue 17: answers keep going when the user leaves mid-answer, re-attach on return, and show in the sidebar. */

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-type="ai"]');
const streaming = (page: Page) => page.getByTestId('streaming-answer');
const row = (page: Page, title: string) => page.getByTestId('conversation-row').filter({ hasText: title });

async function send(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('connection-badge')).toHaveText(/GPU Mode|CPU Only/);
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

/** The whole answer arrived, as a saved message, with no "Stopped" label. */
async function expectCompleted(page: Page, words: number): Promise<void> {
  const answer = answers(page).last();
  await expect(answer).toContainText(`word${words}`, { timeout: 60_000 });
  await expect(streaming(page)).toHaveCount(0);
  await expect(answer).not.toContainText('Stopped');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
}

test.afterEach(async ({ page }) => {
  await setFakeRuntime(page.request);
});

test('New Chat and another conversation mid-answer: it goes on, the sidebar shows it live, and coming back follows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setFakeRuntime(page.request, { reply: 'A short first answer.' });
  await signedInAsNewUser(page, 'wanderer');
  await send(page, 'First quick question');
  await expect(answers(page).last()).toContainText('A short first answer.');

  await setFakeRuntime(page.request, { reply: longReply(300), tokenDelayMs: 100 });
  await page.getByRole('button', { name: 'New Chat' }).click();
  await send(page, 'Tell me a long story');
  await expect(streaming(page)).toContainText('word3');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const storyUrl = page.url();

  // New Chat mid-answer: the story's row shows that its answer is being written.
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
  await expect(row(page, 'Tell me a long story').getByTestId('live-indicator')).toBeVisible();
  await expect(row(page, 'First quick question').getByTestId('live-indicator')).toHaveCount(0);

  // Another conversation, then back: the answer is still being written, then completes.
  await row(page, 'First quick question').getByRole('button', { name: 'First quick question', exact: true }).click();
  await expect(answers(page).last()).toContainText('A short first answer.');
  await expect(row(page, 'Tell me a long story').getByTestId('live-indicator')).toBeVisible();
  await row(page, 'Tell me a long story').getByRole('button', { name: 'Tell me a long story', exact: true }).click();
  await expect(page).toHaveURL(storyUrl);
  await expect(streaming(page)).toContainText('word');
  await expectCompleted(page, 300);
  await expect(row(page, 'Tell me a long story').getByTestId('live-indicator')).toHaveCount(0);

  await page.reload();
  await expectCompleted(page, 300);
});

test('a reload mid-answer re-attaches to it, and another tab follows it live', async ({ page, context }) => {
  test.setTimeout(120_000);
  await setFakeRuntime(page.request, { reply: longReply(400), tokenDelayMs: 100 });
  await signedInAsNewUser(page, 'reloader');
  await send(page, 'Write me a slow poem');
  await expect(streaming(page)).toContainText('word5');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  await page.reload();
  // The text so far at once, then the rest live, with Stop offered meanwhile.
  await expect(streaming(page)).toContainText('word5');
  await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();
  await expect(row(page, 'Write me a slow poem').getByTestId('live-indicator')).toBeVisible();

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(streaming(other)).toContainText('word');
  await expectCompleted(other, 400);
  await expectCompleted(page, 400);
  await other.close();
});

test('only Stop stops an answer followed after a reload', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: longReply(300), tokenDelayMs: 80 });
  await signedInAsNewUser(page, 'restopper');
  await send(page, 'Count for a long time');
  await expect(streaming(page)).toContainText('word3');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(streaming(page)).toContainText('word');
  await page.getByRole('button', { name: 'Stop generating' }).click();
  const answer = answers(page).last();
  await expect(answer).toContainText('Stopped:');
  await expect(answer).not.toContainText('word300');
  await expect(row(page, 'Count for a long time').getByTestId('live-indicator')).toHaveCount(0);
});
