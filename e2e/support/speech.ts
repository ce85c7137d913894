import type { Browser } from '@playwright/test';
import { ADMIN, signInViaApi } from './accounts';
import { expect } from './fixtures';

/**
 * Points Hearth at a speech runtime for transcription (or, with '', switches speech off again), as the super
 * admin, in a context of its own. The setting is instance-wide: specs switch it off when they are done.
 */
export async function setTranscriptionRuntime(browser: Browser, baseURL: string | undefined, url: string) {
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
