import { expect, test } from './support/fixtures';

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect
    .poll(() => errors.find((text) => text.includes('404 Error: User attempted to access non-existent route:')))
    .toContain('/no-such-page');

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('docs pages without a route show the 404 page; routed docs pages do not', async ({ page }) => {
  await page.goto('/docs/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();

  await page.goto('/docs/quick-start/docker');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick start with Docker' })).toBeVisible();
});
