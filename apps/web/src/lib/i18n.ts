import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { pseudoLocalize } from './pseudo-locale';
import { readStored, writeStored } from './local-storage';

/**
 * The one i18next instance of the web app (convention: /work/notes/i18n-convention.md). Every
 * `locales/<lng>/<namespace>.json` is found by the globs below; a new namespace file needs no registration.
 */
export const SHIPPED_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
/** A right-to-left pseudo-locale generated from English at runtime, for testing the layout (Arabic script → rtl). */
export const PSEUDO_RTL_LANGUAGE = 'ar-XB';
export const SUPPORTED_LANGUAGES = [...SHIPPED_LANGUAGES, PSEUDO_RTL_LANGUAGE] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** The user's choice: a language, or 'auto' to follow the browser. */
export type LanguageChoice = Language | 'auto';

export const LANGUAGE_STORAGE_KEY = 'language';
const LanguageChoiceSchema = z.enum(['auto', ...SUPPORTED_LANGUAGES]);

type Namespace = ResourceLanguage[string];

// English is in the bundle (the first screen of most visits, and every language's fallback); any other language
// is fetched when chosen, one chunk per language (vite.config.ts), before the app switches to it.
const english = import.meta.glob<Namespace>('../locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Namespace>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });

const namespaceOf = (path: string): string => /([^/]+)\.json$/.exec(path)?.[1] ?? path;
const englishResources: Record<string, Namespace> = Object.fromEntries(
  Object.entries(english).map(([path, data]) => [namespaceOf(path), data]),
);

/** Loads a language's namespace from its chunk; the pseudo-locale is made from English. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (language === PSEUDO_RTL_LANGUAGE) {
      callback(null, pseudoLocalize(englishResources[namespace] ?? {}) as Namespace);
      return;
    }
    const load = others[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), null),
    );
  },
};

const isLanguage = (value: string): value is Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** The best shipped language for the browser's preferred languages (exact tag, then its primary subtag). */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    if (!tag) continue;
    if (isLanguage(tag)) return tag;
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if ((SHIPPED_LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
  }
  return 'en';
}

/** A `?lng=<code>` in the address picks a language for this page load (used by the right-to-left check). */
function urlLanguage(): Language | undefined {
  if (typeof window === 'undefined') return undefined;
  const value = new URLSearchParams(window.location.search).get('lng');
  return value && isLanguage(value) ? value : undefined;
}

export const readLanguageChoice = (): LanguageChoice => readStored(LANGUAGE_STORAGE_KEY, LanguageChoiceSchema, 'auto');

const resolveChoice = (choice: LanguageChoice): Language => (choice === 'auto' ? browserLanguage() : choice);

function applyToDocument(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = i18next.dir(lng);
}

i18next.on('languageChanged', applyToDocument);

/** Resolves once the starting language is loaded: main.tsx renders after it. */
export const i18nReady = i18next
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { en: englishResources },
    // Every namespace of a language is loaded when it is chosen, so no screen waits for its own.
    partialBundledLanguages: true,
    ns: Object.keys(englishResources),
    lng: urlLanguage() ?? resolveChoice(readLanguageChoice()),
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => applyToDocument(i18next.language));

/** Saves the user's choice (Settings) and switches to it. */
export async function chooseLanguage(choice: LanguageChoice): Promise<void> {
  writeStored(LANGUAGE_STORAGE_KEY, choice);
  await i18next.changeLanguage(resolveChoice(choice));
}

export { i18next as i18n };

const locale = (): string => i18next.resolvedLanguage ?? i18next.language ?? 'en';

/** A date (and by default no time) in the current language; the fallback for null / unparsable values. */
export function formatDate(
  value: string | number | Date | null | undefined,
  options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' },
  fallback = '',
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : new Intl.DateTimeFormat(locale(), options).format(date);
}

/** A number in the current language (grouping, decimal sign). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(locale(), options).format(value);

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago" / "in 2 hours" in the current language, relative to `now`. */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
