import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import config from '../playwright.config';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { answers, questions } from './support/chat';
import { FAKE_CONTROL_URL } from './support/fake-runtime';
import { expect, test } from './support/fixtures';

/** 16-bit mono PCM WAV: `tone` seconds of a 440 Hz tone (someone speaking), then `quiet` seconds of silence. */
function toneThenSilence(tone: number, quiet: number): Buffer {
  const rate = 16_000;
  const data = Buffer.alloc(Math.round((tone + quiet) * rate) * 2);
  for (let i = 0; i < tone * rate; i += 1) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 0.4 * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// Chromium's fake microphone plays this file in a loop: a second of "speech", then a pause long enough to end it.
const SPEECH_FILE = path.join(os.tmpdir(), `hearth-e2e-hands-free-${process.pid}.wav`);
writeFileSync(SPEECH_FILE, toneThenSilence(1, 2.5));
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launch, args: [...(launch.args ?? []), `--use-file-for-fake-audio-capture=${SPEECH_FILE}`] },
});

/** Points Hearth at the fake speech runtime (or, with '', switches it off again), as the super admin. */
async function configureSpeech(browser: Browser, baseURL: string | undefined, url: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInViaApi(page, ADMIN);
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'hearth_csrf')?.value ?? '';
  const saved = await page.request.put('/api/admin/settings/speech', {
    data: { transcription_url: url, speech_url: '' },
    headers: { 'x-csrf-token': csrf },
  });
  expect(saved.status()).toBe(200);
  await context.close();
}

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
  await configureSpeech(browser, baseURL, speech.url);
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
    await configureSpeech(browser, baseURL, '');
  }
});
