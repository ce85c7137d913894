import type { IndexingCollection } from '@hearth/contract';
import { formatNumber, i18n } from '../../../lib/i18n';

/** The sources card shows this many sources before '+n more' (spec §4). */
export const SOURCES_SHOWN = 3;

/** 'Still indexing: Contracts (2 documents) — this answer could not use them yet.' */
export function indexingNotice(indexing: readonly IndexingCollection[]): string | null {
  if (indexing.length === 0) return null;
  const list = indexing
    .map((item) => i18n.t('chat:sources.indexingItem', { name: item.collection_name, count: item.pending }))
    .join(', ');
  return i18n.t('chat:sources.indexing', { list });
}

/** Spec §9 confidence as what it measures: 'Sources match 82%' (how well the sources fitted the question). */
export const confidenceLabel = (confidence: number): string =>
  i18n.t('chat:sources.match', {
    percent: formatNumber(Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100, { style: 'percent' }),
  });

/** 'p. 3' when the source's format has pages. */
export const pageLabel = (page: number | null | undefined): string | null =>
  page ? i18n.t('chat:sources.page', { page }) : null;

export const CITATION_HREF = '#source-';

/**
 * Turns the answer's citations [1]…[n] (n = the number of sources) into links to '#source-n', which the message
 * opens as the source instead of following. Code (fenced or inline) is left as it is, and so are [n] that are
 * part of other Markdown (links, references) or of words (arr[1]).
 */
export function linkCitations(text: string, sourceCount: number): string {
  if (sourceCount === 0) return text;
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/(?<=^|[\s.,;:!?()\]])\[(\d{1,2})\](?![(:])/g, (match, digits: string) => {
            const number = Number(digits);
            return number >= 1 && number <= sourceCount ? `[\\[${number}\\]](${CITATION_HREF}${number})` : match;
          }),
    )
    .join('');
}

/** The source number of a citation link's href, or null. */
export function citationNumber(href: string | null): number | null {
  if (!href?.startsWith(CITATION_HREF)) return null;
  const number = Number(href.slice(CITATION_HREF.length));
  return Number.isInteger(number) && number > 0 ? number : null;
}
