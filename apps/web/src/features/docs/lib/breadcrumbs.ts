import { i18n } from '../../../lib/i18n';

export interface Crumb {
  label: string;
  /** Absent when no page lives at this level (the crumb is shown as text, never as a link to a 404). */
  path?: string;
}

const words = (segment: string) => {
  const text = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * Breadcrumbs from a docs path: one crumb per segment, labelled with the page's title where a page exists
 * (linked), else with the segment in words (not linked). The last crumb is the current page.
 */
export function breadcrumbsFor(pathname: string, titleOf: (path: string) => string | undefined): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'docs') return [];
  const crumbs: Crumb[] = [{ label: i18n.t('docs:breadcrumbs.root'), path: '/docs' }];
  for (let index = 1; index < segments.length; index += 1) {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const title = titleOf(path);
    crumbs.push(title ? { label: title, path } : { label: words(segments[index] ?? '') });
  }
  return crumbs;
}
