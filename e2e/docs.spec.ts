import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const NOT_FOUND = 'Oops! Page not found';

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Documentation' });

test('every docs sidebar link opens a real page, without console errors', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Hearth documentation' })).toBeVisible();
  const links = sidebar(page).getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(25);
  const targets: { title: string; href: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    targets.push({ title: (await link.textContent()) ?? '', href: (await link.getAttribute('href')) ?? '' });
  }

  for (const target of targets) {
    await page.goto(target.href);
    await expect(page.getByRole('heading', { level: 1 }), target.href).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
    await expect(page.getByText('This part of Hearth is not built yet.')).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: target.title, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  }
  // The API page fetches the OpenAPI document; wait for it before checking the log.
  await page.goto('/docs/api');
  await expect(page.getByText('/api/chat/stream').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the sidebar filters by title and navigates in the app; breadcrumbs and pager link onward', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/docs');
  await page.getByLabel('Filter pages').fill('gpu');
  await expect(sidebar(page).getByRole('link')).toHaveCount(1);
  await sidebar(page).getByRole('link', { name: 'GPU acceleration' }).click();
  await expect(page).toHaveURL(/\/docs\/gpu$/);
  await expect(page.getByRole('heading', { level: 1, name: 'GPU acceleration' })).toBeVisible();
  await expect(page.getByText('LLAMA_GPU').first()).toBeVisible();

  await page.goto('/docs/quick-start/docker');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Docs');
  await expect(crumbs).toContainText('Quick start');
  await expect(page.getByText('docker compose -f docker-compose.gpu.yml up -d').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Previous and next page' }).getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/docs\/first-steps$/);
  await crumbs.getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  expect(errors).toEqual([]);
});

test('the API reference is generated from the server OpenAPI document', async ({ page }) => {
  await page.goto('/docs/api');
  const operation = page.locator('details', { hasText: '/api/chat/stream' }).first();
  await expect(operation.getByText('POST', { exact: true })).toBeVisible();
  await operation.locator('summary').click();
  await expect(operation.getByText('Request body')).toBeVisible();
  await expect(operation.getByText('selectedCollections')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Errors' })).toBeVisible();
  await expect(page.getByText('GET', { exact: true }).first()).toBeVisible();
  await expect(page.locator('details', { hasText: '/v1/chat/completions' })).toHaveCount(1);
  await page.getByLabel('Filter operations').fill('/api/knowledge/scrape');
  await expect(page.locator('details')).toHaveCount(1);
});

test('the features page shows Stable, Beta and Experimental badges', async ({ page }) => {
  await page.goto('/docs/features');
  for (const badge of ['Stable', 'Beta', 'Experimental']) {
    await expect(page.getByText(badge, { exact: true }).first()).toBeVisible();
  }
  const feature = (name: string) =>
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(feature('Advanced retrieval')).toContainText('Beta');
  await expect(feature('Streaming chat')).toContainText('Stable');
  await expect(feature('Scaling out to several replicas')).toContainText('Experimental');
});

test('below 768 px the sidebar folds behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/docs/chat');
  await expect(sidebar(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open documentation menu' }).click();
  await expect(sidebar(page)).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Knowledge', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/knowledge$/);
  await expect(sidebar(page)).toBeHidden();
});

test('an unknown docs path shows the 404 page', async ({ page }) => {
  await page.goto('/docs/no-such-page');
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
});

test('docs pages have no WCAG 2.1 AA violations (axe), in light and dark themes', async ({ page }) => {
  test.setTimeout(180_000);
  const audit = async (label: string) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const found = results.violations.map(
      (violation) =>
        `${label}: ${violation.id} ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join('; ')}`,
    );
    expect(found).toEqual([]);
  };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['/docs', '/docs/configuration', '/docs/quick-start/docker', '/docs/features']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(`${scheme} ${path}`);
    }
    await page.goto('/docs/api');
    const operation = page.locator('details', { hasText: '/api/chat/stream' }).first();
    await operation.locator('summary').click();
    await expect(operation.getByText('Request body')).toBeVisible();
    await audit(`${scheme} /docs/api`);
  }
});
