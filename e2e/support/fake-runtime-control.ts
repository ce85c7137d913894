import { expect, type APIRequestContext } from '@playwright/test';
import { FAKE_CONTROL_URL, type FakeKnobs } from './fake-runtime';

/** Resets the fake Ollama to the e2e defaults, then applies `knobs`. */
export async function setFakeRuntime(request: APIRequestContext, knobs: FakeKnobs = {}): Promise<void> {
  const response = await request.post(`${FAKE_CONTROL_URL}/knobs`, { data: knobs });
  expect(response.status()).toBe(200);
}

/** A long answer, one word per token, so a test can watch it stream and stop it midway. */
export const longReply = (words: number): string =>
  Array.from({ length: words }, (_, index) => `word${index + 1}`).join(' ');

/** The URL and sha256 of the tiny GGUF the e2e file server offers (a Hugging Face stand-in). */
export async function fakeModelFile(request: APIRequestContext): Promise<{ url: string; sha256: string }> {
  const response = await request.get(`${FAKE_CONTROL_URL}/file`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { url: string; sha256: string };
}
