import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './breadcrumbs';

const titles: Record<string, string> = {
  '/docs/quick-start/docker': 'Quick start with Docker',
  '/docs/tutorials': 'Tutorials',
  '/docs/tutorials/openai-python': 'Use Hearth from the OpenAI Python client',
};
const titleOf = (path: string) => titles[path];

describe('breadcrumbsFor', () => {
  it('is just Docs on the docs home', () => {
    expect(breadcrumbsFor('/docs', titleOf)).toEqual([{ label: 'Docs', path: '/docs' }]);
  });

  it('links levels that have a page and labels them with its title', () => {
    expect(breadcrumbsFor('/docs/tutorials/openai-python', titleOf)).toEqual([
      { label: 'Docs', path: '/docs' },
      { label: 'Tutorials', path: '/docs/tutorials' },
      { label: 'Use Hearth from the OpenAI Python client', path: '/docs/tutorials/openai-python' },
    ]);
  });

  it('shows levels without a page as words, not as links that would end on a 404', () => {
    expect(breadcrumbsFor('/docs/quick-start/docker', titleOf)).toEqual([
      { label: 'Docs', path: '/docs' },
      { label: 'Quick start' },
      { label: 'Quick start with Docker', path: '/docs/quick-start/docker' },
    ]);
  });

  it('has no crumbs outside the docs', () => {
    expect(breadcrumbsFor('/settings', titleOf)).toEqual([]);
  });
});
