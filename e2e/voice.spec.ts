import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { answers, messageBox, sendAndExpect } from './support/chat';
import { FAKE_CONTROL_URL } from './support/fake-runtime';
import { expect, test, toast } from './support/fixtures';
import { setTranscriptionRuntime } from './support/speech';

interface FakeSpeechState {
  url: string;
  text: string;
  transcriptions: number;
  speeches: number;
}

/** The fake speech runtime started beside the server (e2e/support/start-with-fakes.ts). */
async function fakeSpeech(request: APIRequestContext): Promise<FakeSpeechState> {
  const response = await request.get(`${FAKE_CONTROL_URL}/speech`);
  expect(response.status()).toBe(200);
  return (await response.json()) as FakeSpeechState;
}

const dictation = (page: Page) => page.getByTestId('dictation-button');

test.describe('voice: dictation and read-aloud through a speech runtime', () => {
  test.afterAll(async ({ browser, baseURL }) => {
    // The runtime is instance-wide: switch it off again for the specs that follow.
    await setTranscriptionRuntime(browser, baseURL, '');
  });

  test('an admin configures the runtime; a user dictates by holding the microphone and hears an answer', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const speech = await fakeSpeech(page.request);

    // The admin points Hearth at the speech runtime (Admin → Voice).
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInViaApi(admin, ADMIN);
    await admin.goto('/admin?tab=voice');
    await admin.getByLabel('Transcription base URL').fill(speech.url);
    await admin.getByLabel('Speech base URL').fill(`${speech.url}/v1`);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(toast(admin)).toContainText('Speech settings saved');
    await adminContext.close();

    // A user holds the microphone (push-to-talk): the fake microphone records, the runtime transcribes, and
    // the text lands in the message box, unsent.
    await signedInAsNewUser(page, 'voice');
    await page.goto('/');
    const button = dictation(page);
    await expect(button).toHaveAttribute('aria-label', 'Dictate (hold to talk, click for hands-free)');
    await messageBox(page).fill('Note:');
    await button.hover();
    await page.mouse.down();
    await expect(button).toHaveAttribute('data-state', 'listening');
    await expect(page.getByTestId('dictation-status')).toContainText('release to insert the text');
    await page.waitForTimeout(1000);
    await page.mouse.up();
    await expect(messageBox(page)).toHaveValue(`Note: ${speech.text}`);
    await expect(button).toHaveAttribute('data-state', 'idle');
    expect((await fakeSpeech(page.request)).transcriptions).toBe(speech.transcriptions + 1);
    await expect(answers(page)).toHaveCount(0);

    // A click keeps listening hands-free, says so, and stops on Stop.
    await messageBox(page).fill('');
    await button.click();
    await expect(button).toHaveAttribute('data-mode', 'hands-free');
    await expect(page.getByTestId('dictation-status')).toContainText('press Esc to stop');
    await page.getByTestId('dictation-status').getByRole('button', { name: 'Stop' }).click();
    await expect(button).toHaveAttribute('data-state', 'idle');

    // Read aloud: the answer's text goes to the runtime and its audio plays.
    await messageBox(page).fill('');
    await sendAndExpect(page, 'Say something', 'Here is something worth hearing.');
    const spoken = page.waitForResponse((response) => response.url().endsWith('/api/audio/speech'));
    await answers(page).last().getByRole('button', { name: 'Read answer aloud' }).click();
    const response = await spoken;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/wav');
    expect(response.request().postDataJSON()).toEqual({ input: 'Here is something worth hearing.' });
    expect((await fakeSpeech(page.request)).speeches).toBe(speech.speeches + 1);
    // The short clip plays to its end (the button turns back from Stop), with no error toast.
    await expect(answers(page).last().getByRole('button', { name: 'Read answer aloud' })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
  });
});
