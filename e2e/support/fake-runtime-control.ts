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

/** Everything the fake model was sent so far in this run, oldest first: each request's messages as one text. */
export async function promptsSeen(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`${FAKE_CONTROL_URL}/chats`);
  expect(response.status()).toBe(200);
  const chats = (await response.json()) as { messages?: { content: string }[] }[];
  return chats.map((chat) => (chat.messages ?? []).map((message) => message.content).join('\n'));
}

/** The URL and sha256 of the tiny GGUF the e2e file server offers (a Hugging Face stand-in). */
export async function fakeModelFile(request: APIRequestContext): Promise<{ url: string; sha256: string }> {
  const response = await request.get(`${FAKE_CONTROL_URL}/file`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { url: string; sha256: string };
}

/** A mail the e2e server sent (captured by the fake SMTP server in start-with-fakes.ts). */
export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for a mail to `to` whose subject starts with `subject`; returns the newest such mail. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${FAKE_CONTROL_URL}/mails?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as CapturedMail[];
        found = mails.filter((mail) => mail.subject.startsWith(subject)).at(-1);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** The first link in a mail. */
export function mailLink(mail: CapturedMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}
