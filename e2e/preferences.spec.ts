import { signedInAsNewUser } from './support/accounts';
import { expect, openUserMenu, test } from './support/fixtures';

test('the theme choice applies at once and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signedInAsNewUser(page, 'themer');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blight\b/);

  await openUserMenu(page);
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);

  // System follows the operating system's colour scheme, including later changes.
  await openUserMenu(page);
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
});

test('the theme can be chosen on the auth page too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('Ctrl+B toggles the sidebar and the state survives a reload', async ({ page, context }) => {
  await signedInAsNewUser(page, 'toggler');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookie = (await context.cookies()).find((entry) => entry.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');

  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect(page.getByRole('link', { name: 'Workspace' })).toBeVisible();

  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
});
