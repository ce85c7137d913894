import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import config from '../playwright.config';
import { toneWav } from '../apps/server/test/fakes/fake-speech';
import { signedInAsNewUser } from './support/accounts';
import { answers, questions } from './support/chat';
import { FAKE_CONTROL_URL } from './support/fake-runtime';
import { expect, test } from './support/fixtures';
import { setTranscriptionRuntime } from './support/speech';

// Chromium's fake microphone plays this file in a loop: a second of "speech", then a pause long enough to end it.
const SPEECH_FILE = path.join(os.tmpdir(), `hearth-e2e-hands-free-${process.pid}.wav`);
writeFileSync(SPEECH_FILE, toneWav(1000, 2500));
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launch, args: [...(launch.args ?? []), `--use-file-for-fake-audio-capture=${SPEECH_FILE}`] },
});

test('hands-free dictation through the speech runtime sends what was said after each pause', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const state = async () =>
    (await (await page.request.get(`${FAKE_CONTROL_URL}/speech`)).json()) as {
      url: string;
      text: string;
      transcriptions: number;
    };
  const speech = await state();
  await setTranscriptionRuntime(browser, baseURL, speech.url);
  try {
    await signedInAsNewUser(page, 'hands-free');
    await page.goto('/');
    await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
    const button = page.getByTestId('dictation-button');
    await button.click();
    await expect(button).toHaveAttribute('data-mode', 'hands-free');
    // The pause after the tone ends the segment: it is transcribed and sent without a key being pressed.
    await expect(questions(page).first()).toContainText(speech.text, { timeout: 20_000 });
    await expect(answers(page).first()).not.toBeEmpty({ timeout: 20_000 });
    expect((await state()).transcriptions).toBeGreaterThan(speech.transcriptions);
    await page.getByTestId('dictation-status').getByRole('button', { name: 'Stop' }).click();
    await expect(button).toHaveAttribute('data-state', 'idle');
  } finally {
    await setTranscriptionRuntime(browser, baseURL, '');
  }
});
