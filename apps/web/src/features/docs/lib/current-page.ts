import type { DocPageOverride } from '@hearth/contract';
import { i18n } from '../../../lib/i18n';
import { type DocPage, parseDocPage } from './front-matter';

/** The result of parsing an editor's source: the page, or the reason its front matter is broken. */
export type ParsedSource = { page: DocPage; error?: undefined } | { page?: undefined; error: string };

/** Parses a page source as the server will; the page must keep its path (the server refuses a moved page). */
export function parseSource(source: string, path: string): ParsedSource {
  try {
    const page = parseDocPage(source, i18n.t('docs:editor.thisPage'));
    if (page.path !== path) return { error: i18n.t('docs:editor.keepPath', { path }) };
    return { page };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The version the docs site shows: the source saved in the app when there is one and it parses, else the page as
 * shipped. A saved source the server accepted always parses; the fallback only guards against a corrupted row.
 */
export function currentDocPage(
  path: string,
  shipped: DocPage | undefined,
  saved: readonly DocPageOverride[] | undefined,
): DocPage | undefined {
  const override = saved?.find((page) => page.path === path);
  if (!override) return shipped;
  return parseSource(override.source, path).page ?? shipped;
}
