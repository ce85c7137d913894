import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, signInViaApi } from './support/accounts';
import { expect, test, toast } from './support/fixtures';

const SHIPPED_LINE = 'Pick a model in the chat header';

const article = (page: Page) => page.getByRole('article');
/** WCAG 2.1 AA in both themes, on whatever the page shows now. */
async function auditBothThemes(page: Page, label: string): Promise<void> {
  // Away from any button: a hovered primary button (bg-primary/90) is a theme-wide matter, not this screen's.
  await page.mouse.move(0, 0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const found = results.violations.map(
      (violation) =>
        `${label} ${colorScheme}: ${violation.id} ${violation.nodes.map((node) => `${node.html} ${node.failureSummary ?? ''}`).join('; ')}`,
    );
    expect(found).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const sourceBox = (page: Page) => page.getByRole('textbox', { name: 'Page source (Markdown with front matter)' });

test('a super admin edits a docs page, visitors see it, and History restores the shipped version', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const marker = `Edited in the browser test ${Date.now()}.`;
  await signInViaApi(page, ADMIN);
  await page.goto('/docs/chat');
  await expect(article(page).getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit page' }).click();
  await expect(page).toHaveURL(/\/docs\/chat\?edit=1$/);

  // The full source, front matter included; the edit shows in the live preview before it is saved.
  const box = sourceBox(page);
  const original = await box.inputValue();
  expect(original).toMatch(/^---\ntitle: Chat\npath: \/docs\/chat\n/);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const edited = original.replace('## Sending messages', `${marker}\n\n## Sending messages`);
  await box.fill(edited);
  await expect(page.getByRole('region', { name: 'Preview' }).getByText(marker)).toBeVisible();
  await auditBothThemes(page, 'editor');
  await box.press('ControlOrMeta+s');
  await expect(toast(page)).toContainText('Page saved');
  await expect(page).toHaveURL(/\/docs\/chat$/);
  await expect(article(page).getByText(marker)).toBeVisible();

  // A signed-out visitor gets the saved version, and no way to edit it.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto('/docs/chat');
    await expect(article(visitor).getByText(marker)).toBeVisible();
    await expect(article(visitor).getByText(SHIPPED_LINE, { exact: false })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Edit page' })).toHaveCount(0);

    // The editor survives a reload (?edit=1); History restores the shipped text as a new revision.
    await page.goto('/docs/chat?edit=1');
    await expect(sourceBox(page)).toHaveValue(edited);
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Page history' });
    const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
    await expect(versions.first()).toContainText(/^r\d+ · Edited/);
    await expect(versions.last()).toContainText('Shipped version');
    await versions.last().click();
    await expect(history.getByRole('group', { name: 'Changes against the current page' })).toContainText(marker);
    await auditBothThemes(page, 'history');
    await history.getByRole('button', { name: 'Restore this version' }).click();
    await expect(toast(page)).toContainText('Page restored');
    await expect(history).toBeHidden();
    await expect(sourceBox(page)).toHaveValue(original);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/docs\/chat$/);
    await expect(article(page).getByText(marker)).toHaveCount(0);

    await visitor.reload();
    await expect(article(visitor).getByText(SHIPPED_LINE, { exact: false })).toBeVisible();
    await expect(article(visitor).getByText(marker)).toHaveCount(0);
  } finally {
    await visitorContext.close();
  }
});
