import type { Page } from '@playwright/test';
import { setFakeRuntime } from './fake-runtime-control';
import { expect } from './fixtures';

export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-type="ai"]');
export const questions = (page: Page) => page.locator('[data-testid="chat-message"][data-type="user"]');

/** Sends `text` once the model checks have answered (before, a send is refused) and waits for `reply`. */
export async function sendAndExpect(page: Page, text: string, reply: string): Promise<void> {
  await setFakeRuntime(page.request, { reply });
  await expect(page.getByTestId('connection-badge')).toHaveText(/GPU Mode|CPU Only/);
  await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(answers(page).last()).toContainText(reply);
}
