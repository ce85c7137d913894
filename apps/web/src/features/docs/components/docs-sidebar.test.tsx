import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { docsNav } from '../lib/docs-nav';
import { DocsSidebar } from './docs-sidebar';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <DocsSidebar /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

afterEach(cleanup);

describe('DocsSidebar', () => {
  it('links every entry and marks the current page', () => {
    renderAt('/docs/gpu');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(docsNav.flatMap((group) => group.items).length);
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current).toHaveProperty('textContent', 'GPU acceleration');
    expect(current.getAttribute('href')).toBe('/docs/gpu');
  });

  it('filters by title and says when nothing matches', () => {
    renderAt('/docs');
    const filter = screen.getByLabelText('Filter pages');
    fireEvent.change(filter, { target: { value: 'tutorial' } });
    const titles = screen.getAllByRole('link').map((link) => link.textContent);
    expect(titles).toEqual(['Tutorials']);
    expect(screen.getByRole('button', { name: 'Guides' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Administration' })).toBeNull();

    fireEvent.change(filter, { target: { value: 'zebra' } });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('No pages match “zebra”');
  });

  it('collapses and expands a group', () => {
    renderAt('/docs');
    const group = screen.getByRole('button', { name: 'Administration' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Security' })).toBeTruthy();
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Security' })).toBeNull();
    fireEvent.click(group);
    expect(screen.getByRole('link', { name: 'Security' })).toBeTruthy();
  });
});
