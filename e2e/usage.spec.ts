import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, signedInAsNewUser, signInViaApi } from './support/accounts';
import { longReply, setFakeRuntime } from './support/fake-runtime-control';
import { expect, test, toast } from './support/fixtures';

const MODEL = 'llama3:latest';
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('connection-badge')).toHaveText(/GPU Mode|CPU Only/);
  await expect(page.getByTestId('selected-model')).not.toHaveText('No model selected');
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

test('a user sees their usage in Settings; an admin sees it on the dashboard, exports it and sets a quota', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and several round trips: more than the default 30 s on a small machine.
  test.slow();
  // A long answer (one token per word): after the rest of the suite this user must still be among the top 10.
  await setFakeRuntime(page.request, { reply: `Counted and accounted for. ${longReply(5000)}`, tokenDelayMs: 0 });
  const user = await signedInAsNewUser(page, 'usage');
  await page.goto('/');
  await send(page, 'How much have I used?');
  await expect(page.locator('[data-testid="chat-message"][data-type="ai"]').last()).toContainText('accounted for');

  // Settings → Usage: one request, the model it went to, and no quota yet.
  await page.goto('/settings');
  const mine = page.getByRole('region', { name: 'Usage' });
  await expect(mine.getByText('No quotas apply to your account.')).toBeVisible();
  await expect(mine.getByRole('table', { name: 'Your usage by model' })).toContainText(MODEL);
  await expect(mine.getByRole('definition').first()).toHaveText('1');

  // The admin: top users and models, the CSV export, then a quota of one message a day for this user.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInViaApi(admin, ADMIN);
  await admin.goto('/admin?tab=usage');
  const report = admin.getByRole('region', { name: 'Model usage' });
  await expect(report.getByRole('table', { name: 'Top users' })).toContainText(user.email);
  await expect(report.getByRole('table', { name: 'Top models' })).toContainText(MODEL);
  await expect(report.getByRole('list', { name: 'Tokens per day' })).toBeVisible();
  const download = admin.waitForEvent('download');
  await report.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^hearth-usage-\d{4}-\d{2}-\d{2}\.csv$/);

  const quotas = admin.getByRole('region', { name: 'Quotas' });
  await quotas.getByLabel('Applies to').selectOption('user');
  await quotas.getByLabel('User', { exact: true }).selectOption({ label: user.email });
  await quotas.getByLabel('Messages per day').fill('1');
  await quotas.getByRole('button', { name: 'Save quota' }).click();
  await expect(toast(admin)).toContainText('Quota saved');
  await expect(quotas.getByRole('list', { name: 'Quota rules' })).toContainText(`User: ${user.email}`);

  // The user's next message is refused before any model call, saying when the limit resets.
  await page.goto('/');
  await send(page, 'One more, please');
  await expect(page.getByText(/You have reached your daily message limit\. It resets at/)).toBeVisible();
  await page.goto('/settings');
  await expect(mine.getByRole('progressbar', { name: 'Messages today' })).toBeVisible();
  await expect(mine).toContainText('1 of 1');
  await expect(mine).toContainText('Resets');

  // The admin removes the rule again.
  await quotas.getByRole('button', { name: `Remove the quota of User: ${user.email}` }).click();
  await expect(toast(admin)).toContainText('Quota removed');
  await admin.context().close();
});

test('the usage card fits a phone screen', async ({ page }) => {
  await signedInAsNewUser(page, 'usage-phone');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/settings');
  const mine = page.getByRole('region', { name: 'Usage' });
  await expect(mine.getByText('No usage in this period.')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

/** axe-core's serious and critical findings inside one part of the page. */
async function seriousViolationsIn(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

for (const theme of ['light', 'dark'] as const) {
  test(`the usage card and the admin usage tab have no serious axe violations (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await signInViaApi(page, ADMIN);
    await page.goto('/settings');
    await expect(
      page.getByRole('region', { name: 'Usage' }).getByRole('table').or(page.getByText('No usage in this period.')),
    ).toBeVisible();
    expect(await seriousViolationsIn(page, '[aria-labelledby="my-usage-title"]')).toEqual([]);
    await page.goto('/admin?tab=usage');
    await expect(page.getByRole('form', { name: 'Set a quota' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Model usage' }).getByRole('heading', { name: 'Top users' }),
    ).toBeVisible();
    expect(await seriousViolationsIn(page, '[aria-labelledby="usage-report-title"]')).toEqual([]);
    expect(await seriousViolationsIn(page, '[aria-labelledby="quota-rules-title"]')).toEqual([]);
  });
}
