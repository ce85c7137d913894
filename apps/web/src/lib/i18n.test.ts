import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-error';
import { browserLanguage, chooseLanguage, formatDate, formatNumber, formatRelative, i18n } from './i18n';

afterEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('i18n', () => {
  it("picks the browser's best shipped language, else English", () => {
    expect(browserLanguage(['de-AT', 'en'])).toBe('de');
    expect(browserLanguage(['pt-BR', 'fr-CA'])).toBe('fr');
    expect(browserLanguage(['ja'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('sets lang and dir on the document, right-to-left for the pseudo-locale', async () => {
    await chooseLanguage('ar-XB');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar-XB');
    expect(i18n.t('settings:language.label')).toMatch(/^\u200F\[Láñgúágé\]\u200F$/);
    await chooseLanguage('de');
    expect(document.documentElement).toMatchObject({ dir: 'ltr', lang: 'de' });
    expect(window.localStorage.getItem('language')).toBe('"de"');
  });

  it('keeps interpolations intact in the pseudo-locale', async () => {
    await i18n.changeLanguage('ar-XB');
    expect(i18n.t('common:image.load', { host: 'example.org' })).toContain('example.org');
  });

  it('translates server errors by code, keeping the server message in English', async () => {
    const error = new ApiError({ status: 409, code: 'email_taken', message: 'Server words.' });
    expect(errorMessage(error)).toBe('Server words.');
    await i18n.changeLanguage('de');
    expect(errorMessage(error)).toBe('Es gibt bereits ein Konto mit dieser E-Mail-Adresse.');
    // A code without a translation shows what the server said.
    expect(errorMessage(new ApiError({ status: 400, code: 'validation_error', message: 'Name too long' }))).toBe(
      'Name too long',
    );
    expect(errorMessage(new Error('x'))).toBe('Ein unerwarteter Fehler ist aufgetreten.');
  });

  it('formats dates and numbers for the current language', async () => {
    await i18n.changeLanguage('de');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatDate('2026-03-04T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('4. März 2026');
    expect(formatRelative(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-03T00:00:00Z'))).toBe('vorgestern');
    expect(formatDate(null, undefined, 'Nie')).toBe('Nie');
    await i18n.changeLanguage('en');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });
});
