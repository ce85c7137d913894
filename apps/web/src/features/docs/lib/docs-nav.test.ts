import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { docPages } from './doc-pages';
import { docsNav, docsNavItems, filterNav, neighbours } from './docs-nav';

describe('docs sidebar', () => {
  it('gives every sidebar entry a page: a Markdown file, or one of the generated pages', () => {
    for (const item of docsNavItems) {
      if (item.kind === 'markdown') expect(docPages.get(item.path)?.title, item.path).toBeTruthy();
      else expect([paths.docs.features, paths.docs.api]).toContain(item.path);
    }
  });

  it('lists every Markdown page exactly once', () => {
    const listed = docsNavItems.map((item) => item.path);
    expect(new Set(listed).size).toBe(listed.length);
    for (const path of docPages.keys()) expect(listed, path).toContain(path);
  });

  it('covers the pages other screens link to', () => {
    const listed = docsNavItems.map((item) => item.path);
    for (const path of Object.values(paths.docs)) expect(listed).toContain(path);
  });

  it('has a page for every topic the documentation promises', () => {
    const titles = docsNavItems.map((item) => item.title.toLowerCase()).join('|');
    for (const topic of [
      'getting started',
      'requirements',
      'installation',
      'quick start with docker',
      'configuration',
      'first steps',
      'ollama',
      'getting models',
      'chat',
      'knowledge',
      'models screen',
      'workspace',
      'admin',
      'advanced retrieval',
      'vision',
      'sqlite and postgresql',
      'gpu',
      'security',
      'troubleshooting',
      'tutorials',
      'community',
      'api reference',
      'features',
    ]) {
      expect(titles, topic).toContain(topic);
    }
  });

  it('filters entries by title, case-insensitively, and drops empty groups', () => {
    const result = filterNav(docsNav, '  GPU ');
    expect(result).toHaveLength(1);
    expect(result[0]?.items.map((item) => item.title)).toEqual(['GPU acceleration']);
    expect(filterNav(docsNav, 'no such page at all')).toEqual([]);
    expect(filterNav(docsNav, '')).toBe(docsNav);
    const docker = filterNav(docsNav, 'docker').flatMap((group) => group.items.map((item) => item.path));
    expect(docker).toEqual([paths.docs.docker]);
  });

  it('links each page to its neighbours in reading order', () => {
    expect(neighbours(paths.docs.root).previous).toBeUndefined();
    expect(neighbours(paths.docs.root).next?.path).toBe(paths.docs.gettingStarted);
    const last = docsNavItems.at(-1);
    expect(last && neighbours(last.path).next).toBeUndefined();
    expect(neighbours('/docs/none')).toEqual({});
  });
});
