import { type DocPage, parseDocPage } from './front-matter';

// Every page is a Markdown file under ../content, bundled as text (Vite `?raw`).
const sources = import.meta.glob<string>('../content/**/*.md', { query: '?raw', import: 'default', eager: true });

/** The Markdown pages, by path. */
export const docPages: ReadonlyMap<string, DocPage> = new Map(
  Object.entries(sources).map(([file, source]) => {
    const page = parseDocPage(source, file);
    return [page.path, page] as const;
  }),
);

/** Normalises a location's path: no trailing slash (except none at all for /docs). */
export const normaliseDocPath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';
