import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { isAppLink } from '../components/docs-markdown';
import { docPages } from './doc-pages';
import { docsNavItems } from './docs-nav';
import { parseDocPage } from './front-matter';

/** Markdown links outside fenced code: [text](target). */
function linksOf(body: string): string[] {
  const prose = body.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

const docsPaths = new Set(docsNavItems.map((item) => item.path));
const appPaths = new Set<string>([
  paths.home,
  paths.quickStart,
  paths.knowledge,
  paths.upload,
  ...['models', 'knowledge', 'prompts', 'tools', 'privacy'].map(paths.workspaceTab),
]);

describe('documentation content', () => {
  it('has pages', () => {
    expect(docPages.size).toBeGreaterThanOrEqual(20);
  });

  it.each([...docPages.values()].map((page) => [page.path, page] as const))(
    '%s links only to real pages',
    (_, page) => {
      for (const link of linksOf(page.body)) {
        if (link.startsWith('http://') || link.startsWith('https://')) continue;
        expect(isAppLink(link), link).toBe(true);
        const target = link.split('#')[0] ?? '';
        if (target.startsWith('/docs')) expect(docsPaths.has(target), `${page.path} → ${link}`).toBe(true);
        else expect(appPaths.has(target), `${page.path} → ${link}`).toBe(true);
      }
    },
  );

  it.each([...docPages.values()].map((page) => [page.path, page] as const))(
    '%s starts its headings at level 2 (the title is the h1) and has a description',
    (_, page) => {
      const prose = page.body.replace(/```[\s\S]*?```/g, '');
      expect(prose).not.toMatch(/^# /m);
      expect(page.description.length).toBeGreaterThan(10);
    },
  );

  it('reads front matter and refuses a page without a title or a /docs path', () => {
    const page = parseDocPage('---\ntitle: "A: B"\npath: /docs/x\n---\n\nBody', 'x.md');
    expect(page).toEqual({ title: 'A: B', path: '/docs/x', description: '', body: '\nBody' });
    expect(() => parseDocPage('no front matter', 'y.md')).toThrow(/front matter/);
    expect(() => parseDocPage('---\ntitle: T\npath: /other\n---\n', 'z.md')).toThrow(/docs path/);
  });

  it('keeps server URLs out of client-side routing', () => {
    expect(isAppLink('/docs/chat')).toBe(true);
    expect(isAppLink('/api/openapi.json')).toBe(false);
    expect(isAppLink('/v1/models')).toBe(false);
    expect(isAppLink('/health')).toBe(false);
    expect(isAppLink('https://example.com')).toBe(false);
  });
});
