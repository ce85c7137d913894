import type { UsedDocument } from '@hearth/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SourcesCard } from './sources-card';

const web = (url: string): UsedDocument => ({
  id: 'web-1',
  fileName: 'Hearthstone lighthouse',
  collectionName: 'lighthouses.example',
  snippet: 'The lighthouse stands 42 metres tall.',
  url,
});

afterEach(cleanup);

describe('web results in the sources card', () => {
  it('shows title, site and snippet, linking to the page in a new tab without referrer or opener', () => {
    const onOpen = vi.fn();
    render(<SourcesCard sources={[web('https://lighthouses.example/hearthstone')]} onOpen={onOpen} />);
    const link = screen.getByRole('link', { name: /Open source 1: Hearthstone lighthouse \(lighthouses\.example\)/ });
    expect(link.getAttribute('href')).toBe('https://lighthouses.example/hearthstone');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('42 metres tall');
    link.click();
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('never links an address that is not http(s)', () => {
    render(<SourcesCard sources={[web('javascript:alert(1)')]} onOpen={vi.fn()} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('source-item').textContent).toContain('Hearthstone lighthouse');
  });
});
