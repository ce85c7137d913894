import { NO_VISION_MODEL_MESSAGE } from '@hearth/contract';
import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { longReply, setFakeRuntime } from './support/fake-runtime-control';
import { PNG } from './support/files';
import { expect, test, toast } from './support/fixtures';

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-type="ai"]');

/** Before the model checks answer, a send is refused with 'System Not Ready' (spec §8): wait for them. */
async function chatReady(page: Page): Promise<void> {
  await expect(page.getByTestId('connection-badge')).toHaveText(/GPU Mode|CPU Only/);
  await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
}

async function send(page: Page, text: string): Promise<void> {
  await chatReady(page);
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

test('a message streams in token by token and the conversation appears in the sidebar', async ({ page }) => {
  // Four seconds of tokens: long enough to be seen streaming on a loaded machine.
  await setFakeRuntime(page.request, { reply: longReply(80), tokenDelayMs: 50 });
  await signedInAsNewUser(page, 'streamer');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
  await expect(page.getByTestId('selected-model')).toHaveText('llama3:latest');
  await expect(page.getByTestId('connection-badge')).toHaveText('CPU Only');

  await send(page, 'Tell me a story about a lighthouse');
  const streaming = page.getByTestId('streaming-answer');
  await expect(streaming).toContainText('word3');
  // Still streaming: the end has not arrived yet, and Stop is offered instead of Send.
  await expect(streaming).not.toContainText('word80');
  await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();

  await expect(answers(page).last()).toContainText('word80');
  await expect(streaming).toHaveCount(0);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const row = page.getByTestId('conversation-row').filter({ hasText: 'Tell me a story about a lighthouse' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('group', { name: 'Today' })).toContainText('Tell me a story');

  // The thread is saved: it is still there after a reload.
  await page.reload();
  await expect(answers(page).last()).toContainText('word80');
});

test('Stop ends the answer midway and keeps what was produced', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: longReply(300), tokenDelayMs: 50 });
  await signedInAsNewUser(page, 'stopper');
  await send(page, 'Count slowly please');
  await expect(page.getByTestId('streaming-answer')).toContainText('word5');
  await page.getByRole('button', { name: 'Stop generating' }).click();

  const answer = answers(page).last();
  await expect(answer).toContainText('Stopped:');
  await expect(answer).toContainText('word5');
  await expect(answer).not.toContainText('word300');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();

  await page.reload();
  await expect(answers(page).last()).toContainText('word5');
  await expect(answers(page).last()).not.toContainText('word300');
});

test('Regenerate shows a new answer and keeps the previous one a switch away', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'First answer here.' });
  await signedInAsNewUser(page, 'regenerator');
  await send(page, 'Say something');
  await expect(answers(page).last()).toContainText('First answer here.');

  await setFakeRuntime(page.request, { reply: 'Second, better answer.' });
  await page.getByRole('button', { name: 'Regenerate answer' }).click();
  await expect(answers(page).last()).toContainText('Second, better answer.');
  await expect(answers(page)).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Answer 2 of 2' })).toBeVisible();
  await page.reload();
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toContainText('Second, better answer.');
  await page.getByRole('button', { name: 'Previous answer' }).click();
  await expect(answers(page).first()).toContainText('First answer here.');
});

test('editing a message sends the new version and answers it; the original stays a switch away', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'About cats.' });
  await signedInAsNewUser(page, 'editor');
  await send(page, 'Tell me about cats');
  await expect(answers(page).last()).toContainText('About cats.');

  await setFakeRuntime(page.request, { reply: 'About dogs.' });
  await page.getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('Tell me about dogs');
  await page.getByRole('button', { name: 'Save & Submit' }).click();
  await expect(answers(page).last()).toContainText('About dogs.');
  await expect(page.locator('[data-type="user"]')).toHaveText(/Tell me about dogs/);
  await expect(answers(page)).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Version 2 of 2' })).toBeVisible();
});

test('deleting a conversation removes it from the list with the success toast', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'Short.' });
  await signedInAsNewUser(page, 'deleter');
  await send(page, 'Conversation to delete');
  await expect(answers(page).last()).toContainText('Short.');
  const row = page.getByTestId('conversation-row').filter({ hasText: 'Conversation to delete' });
  await row.hover();
  await row.getByRole('button', { name: /Options for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  // The server deletes at once, so the app asks first.
  await page.getByRole('dialog', { name: 'Delete conversation?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Conversation deleted successfully.');
  await expect(row).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('No conversations yet')).toBeVisible();
});

test('an image with no vision model installed gets the spec message', async ({ page }) => {
  await setFakeRuntime(page.request);
  await signedInAsNewUser(page, 'looker');
  await page.getByTestId('attach-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('pending-file')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByRole('img', { name: 'photo.png' })).toBeVisible();
  // Files alone can be sent: the text becomes 'Uploaded documents for analysis'.
  await chatReady(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('[data-type="system"]')).toContainText(NO_VISION_MODEL_MESSAGE);
  await expect(page.locator('[data-type="user"]')).toContainText('Uploaded documents for analysis');
});

test('files of other types are refused with the spec message', async ({ page }) => {
  await setFakeRuntime(page.request);
  await signedInAsNewUser(page, 'uploader');
  await page
    .getByTestId('attach-input')
    .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(toast(page)).toContainText('Invalid file type');
  await expect(toast(page)).toContainText('Please upload PDF, Word, TXT files, or images (JPG, PNG, GIF, etc.).');
  await expect(page.getByTestId('pending-file')).toHaveCount(0);

  // Dropping a document onto the chat attaches it, with a chip that can be removed again.
  const drop = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['Quarterly notes'], 'notes.txt', { type: 'text/plain' }));
    return transfer;
  });
  await page.getByTestId('chat-screen').dispatchEvent('drop', { dataTransfer: drop });
  const chip = page.getByTestId('pending-file').filter({ hasText: 'notes.txt' });
  await expect(chip).toHaveAttribute('data-status', 'ready');
  await page.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(chip).toHaveCount(0);
});

test("a prompt cut to fit the model's context window is said so, not hidden", async ({ page }) => {
  await setFakeRuntime(page.request, {
    models: [{ name: 'llama3:latest', parameter_size: '8.0B', capabilities: ['completion'], context_length: 512 }],
    reply: 'Noted.',
  });
  await signedInAsNewUser(page, 'longwinded');
  await send(page, `Please read all of this: ${'lorem ipsum dolor sit amet '.repeat(200)}`);
  const answer = answers(page).last();
  await expect(answer).toContainText('Noted.');
  await expect(answer.getByTestId('message-note')).toContainText("left out to fit the model's context window");
});

test('Clear History asks first, then deletes every conversation', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'Ok.' });
  await signedInAsNewUser(page, 'clearer');
  await send(page, 'First conversation');
  await expect(answers(page).last()).toContainText('Ok.');
  await page.getByRole('button', { name: 'Clear History' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear History' }).click();
  await expect(toast(page)).toContainText('Chat history cleared successfully! Fresh start activated.');
  await expect(page.getByText('No conversations yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
});

test('conversation preferences are kept in the browser and sent with each message', async ({ page }) => {
  await setFakeRuntime(page.request, { reply: 'Ok.' });
  await signedInAsNewUser(page, 'preferrer');
  await page.getByRole('button', { name: 'Conversation preferences' }).click();
  await page.getByRole('radio', { name: /Technical/ }).check();
  await expect(toast(page)).toContainText('Preferences updated');
  await page.getByRole('switch', { name: /Include legal disclaimers/ }).check();
  await page.keyboard.press('Escape');
  await page.reload();

  const request = page.waitForRequest('**/api/chat/stream');
  await send(page, 'Hello');
  const body = (await request).postDataJSON() as { userPreferences: Record<string, unknown> };
  expect(body.userPreferences).toEqual({
    preferredResponseStyle: 'technical',
    includeLegalDisclaimers: true,
    autoUseDocuments: true,
    rememberContext: true,
  });
});

test('a long thread is virtualised and pages in older messages when scrolled up', async ({ page, context }) => {
  test.setTimeout(90_000);
  await setFakeRuntime(page.request, { reply: 'Ok.', tokenDelayMs: 0 });
  await signedInAsNewUser(page, 'longthread');
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'hearth_csrf')?.value ?? '';
  let conversationId: string | undefined;
  for (let index = 1; index <= 130; index += 1) {
    const response = await page.request.post('/api/chat/stream', {
      headers: { 'x-csrf-token': csrf },
      data: { model: 'llama3:latest', content: `Message number ${index}`, conversation_id: conversationId },
    });
    expect(response.status()).toBe(200);
    conversationId ??= /"conversation":\{"id":"([0-9a-f-]{36})"/.exec(await response.text())?.[1];
  }
  await page.goto(`/c/${conversationId ?? ''}`);
  await expect(page.getByText('Message number 130')).toBeVisible();
  // 260 messages, but only those near the viewport are in the DOM.
  expect(await page.getByTestId('chat-message').count()).toBeLessThan(60);

  const list = page.getByTestId('message-list');
  await expect(async () => {
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(page.getByText('Message number 1', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});
