import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from './i18n';

/**
 * The build fails when a shipped language misses a key of English (or has one English lacks), and when the source
 * asks for a key English does not have. Keys are found in `t('key')`, `t('ns:key')`, `i18n.t('ns:key')` and
 * `i18nKey="key"`; a file's namespace is the first argument of its `useTranslation('ns')` (else `common`).
 * A `t` handed to a helper without a `useTranslation` of its own must use `ns:key`.
 */
const locales = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, entry] of Object.entries(value)) flatten(entry, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, value);
  return out;
}

const catalog = new Map<string, Map<string, Map<string, unknown>>>(); // lng → ns → key → value
for (const [path, data] of Object.entries(locales)) {
  const [, lng = '', ns = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!catalog.has(lng)) catalog.set(lng, new Map());
  catalog.get(lng)?.set(ns, flatten(data));
}
const english = catalog.get('en') ?? new Map<string, Map<string, unknown>>();

describe('translations', () => {
  it('ships only the languages i18n.ts knows', () => {
    expect([...catalog.keys()].sort()).toEqual([...SHIPPED_LANGUAGES].sort());
  });

  for (const lng of SHIPPED_LANGUAGES.filter((code) => code !== 'en')) {
    it(`${lng} has every key of English, no other, none empty`, () => {
      const problems: string[] = [];
      const translated = catalog.get(lng) ?? new Map<string, Map<string, unknown>>();
      for (const ns of new Set([...english.keys(), ...translated.keys()])) {
        const source = english.get(ns);
        const target = translated.get(ns);
        if (!source) problems.push(`${lng}/${ns}.json has no English original`);
        if (!target) problems.push(`${lng}/${ns}.json is missing`);
        if (!source || !target) continue;
        const pluralBases = new Set([...source.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
        for (const [key, value] of source) {
          const own = target.get(key);
          if (own === undefined) problems.push(`${lng}/${ns}: missing "${key}"`);
          else if (typeof own !== typeof value || own === '') problems.push(`${lng}/${ns}: empty or wrong "${key}"`);
        }
        for (const key of target.keys()) {
          // A language may need more plural forms than English (e.g. French "_many").
          const extraPlural = PLURAL.test(key) && pluralBases.has(key.replace(PLURAL, ''));
          if (!source.has(key) && !extraPlural) problems.push(`${lng}/${ns}: "${key}" is not in English`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

const hasKey = (ns: string, key: string): boolean => {
  const keys = english.get(ns);
  return Boolean(keys && (keys.has(key) || keys.has(`${key}_other`)));
};

/** Every literal key a source file asks for, with its namespace. */
function keysUsed(code: string): { ns: string; key: string }[] {
  const used: { ns: string; key: string }[] = [];
  const bindings = new Map<string, string>(); // function name → namespace
  const hook = /(?:\{\s*t(?:\s*:\s*(\w+))?\s*(?:,[^}]*)?\}|(\w+))\s*=\s*useTranslation\(\s*(?:\[\s*)?(?:'([\w-]+)')?/g;
  for (const match of code.matchAll(hook)) {
    const name = match[1] ?? (match[2] ? `${match[2]}.t` : 't');
    bindings.set(name, match[3] ?? 'common');
  }
  if (!bindings.has('t')) bindings.set('t', 'common');
  for (const name of ['i18n.t', 'i18next.t']) bindings.set(name, 'common');
  for (const [name, ns] of bindings) {
    const escaped = name.replace('.', '\\.');
    // The key, and a namespace given in the options (`{ ns: 'models' }`) if any.
    const call = new RegExp(
      `(?<![\\w.])${escaped}\\(\\s*(['"])([^'"\`$]+?)\\1\\s*(?:,\\s*\\{[^}]*?\\bns:\\s*'([\\w-]+)')?`,
      'g',
    );
    for (const match of code.matchAll(call)) used.push(split(match[2] ?? '', match[3] ?? ns));
  }
  for (const match of code.matchAll(/i18nKey=(?:"([^"]+)"|\{\s*'([^']+)'\s*\})/g)) {
    used.push(split(match[1] ?? match[2] ?? '', bindings.get('t') ?? 'common'));
  }
  return used;
}

function split(raw: string, ns: string): { ns: string; key: string } {
  const colon = raw.indexOf(':');
  return colon > 0 && !raw.includes(' ') ? { ns: raw.slice(0, colon), key: raw.slice(colon + 1) } : { ns, key: raw };
}

describe('keys used in the source', () => {
  it('are all in English', () => {
    const missing: string[] = [];
    for (const [path, code] of Object.entries(sources)) {
      for (const { ns, key } of keysUsed(code)) if (!hasKey(ns, key)) missing.push(`${path}: ${ns}:${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('finds keys the way components write them', () => {
    const code = `const { t } = useTranslation('settings'); const { t: tc } = useTranslation('common');
      t('language.label'); tc("actions.save"); i18n.t('errors:not_found'); <Trans i18nKey="x.y" />
      i18n.t('pull.ended', { ns: 'models' }); <Trans i18nKey={KEYS[role]} />`;
    expect(keysUsed(code)).toEqual([
      { ns: 'settings', key: 'language.label' },
      { ns: 'common', key: 'actions.save' },
      { ns: 'errors', key: 'not_found' },
      { ns: 'models', key: 'pull.ended' },
      { ns: 'settings', key: 'x.y' },
    ]);
  });
});
