import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { signedInAsNewUser } from './support/accounts';
import { expect, test } from './support/fixtures';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'locales');

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) flatten(entry, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const catalog = (lng: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, lng))) {
    const ns = file.replace(/\.json$/, '');
    const data = JSON.parse(readFileSync(path.join(LOCALES, lng, file), 'utf8')) as unknown;
    for (const [key, text] of flatten(data)) out.set(`${ns}:${key}`, text);
  }
  return out;
};

/** Every English text whose German differs: seeing it on a German page means a string was left untranslated. */
function englishOnly(): { exact: Set<string>; patterns: RegExp[]; germanTexts: Set<string> } {
  const german = catalog('de');
  const germanTexts = new Set([...german.values()].map((text) => text.trim()));
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const [key, text] of catalog('en')) {
    if (german.get(key) === text || text.includes('<')) continue;
    if (!text.includes('{{')) exact.add(text.trim());
    else {
      const parts = text.split(/\{\{[^}]+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      if (parts.join('').trim().length >= 6) patterns.push(new RegExp(`^${parts.join('.+?')}$`));
    }
  }
  return { exact, patterns, germanTexts };
}

// Words that are English and never German: a text with one of them was not translated at all (not extracted).
const ENGLISH_WORDS = /\b(the|your|you|and|with|this|are|yet|of|to|for|from|new|open|settings|search|no|none)\b/i;
// Names of products that contain such words.
const NAMES = /Open WebUI|OpenAI|Open Source/g;

/** The text a user sees or hears on the page: text nodes, aria-labels, titles, placeholders and alt texts. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, pre, code')) continue;
      if (parent.checkVisibility()) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

async function expectNoEnglish(page: Page, ignore: string[]): Promise<void> {
  const { exact, patterns, germanTexts } = englishOnly();
  const left = (await pageTexts(page)).filter((text) => {
    // A German text that happens to equal an English one elsewhere ("System", "Chats") is German here.
    if (ignore.some((own) => text.includes(own)) || text === 'Hearth' || germanTexts.has(text)) return false;
    if (exact.has(text) || patterns.some((pattern) => pattern.test(text))) return true;
    return ENGLISH_WORDS.test(text.replace(NAMES, ''));
  });
  expect.soft([...new Set(left)], `English left on ${page.url()}`).toEqual([]);
}

test.describe('a German user', () => {
  test('switches to Deutsch in Settings and sees no English on the main screens', async ({ page }) => {
    const account = await signedInAsNewUser(page, 'sprache');
    await page.goto('/settings');
    await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
    const ignore = [account.fullName, account.email];
    await expectNoEnglish(page, ignore);

    // The choice is kept: every screen opens in German from now on.
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Neuer Chat' })).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible(); // the composer
    await page.waitForLoadState('networkidle');
    await expectNoEnglish(page, ignore);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Ihr Profil', level: 1 })).toBeVisible();
    await expectNoEnglish(page, ignore);
    // Not /workspace/prompts: its built-in prompt templates are content the server seeds, in English.
    for (const screen of ['/workspace', '/workspace/knowledge', '/workspace/presets', '/search', '/archived']) {
      await page.goto(screen);
      await expect(page.getByRole('button', { name: 'Neuer Chat' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoEnglish(page, ignore);
    }

    // Back to Automatic: the browser (en-US here) decides again.
    await page.goto('/settings');
    await page.getByLabel('Sprache').selectOption({ label: 'Automatisch (Browser)' });
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('the browser language', () => {
  test.use({ locale: 'de-DE' });

  test('picks German when the choice is Automatic', async ({ page }) => {
    await signedInAsNewUser(page, 'browser');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Neuer Chat' })).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByLabel('Sprache')).toHaveValue('auto');
    await expect(page.getByLabel('Sprache').locator('option:checked')).toHaveText('Automatisch (Browser)');
  });
});

test('the right-to-left test locale mirrors the shell without horizontal overflow', async ({ page }) => {
  await signedInAsNewUser(page, 'rtl');
  await page.goto('/dashboard?lng=ar-XB');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  // The sidebar sits on the right-hand side, its texts are the pseudo-locale's.
  const box = await sidebar.boundingBox();
  expect(box && box.x > 1280 / 2).toBe(true);
  await expect(sidebar.getByRole('button', { name: /Ñéw Çhát/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto('/settings?lng=ar-XB');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
});
