import type { UsedDocument } from '@hearth/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SourcesCard } from './sources-card';

const source = (n: number, extra: Partial<UsedDocument> = {}): UsedDocument => ({
  id: `d${n}`,
  fileName: `file-${n}.pdf`,
  collectionName: 'Contracts',
  collectionId: 'k1',
  snippet: `… passage number ${n} …\n…\nsecond snippet ${n}`,
  relevance_score: 0.5,
  page: n,
  chunkId: `c${n}`,
  ...extra,
});

afterEach(cleanup);

describe('SourcesCard', () => {
  it('shows the first 3 sources with file, collection, page and snippet, then +n more', () => {
    render(<SourcesCard sources={[1, 2, 3, 4, 5].map((n) => source(n))} onOpen={vi.fn()} />);
    const items = screen.getAllByTestId('source-item');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('file-1.pdf');
    expect(items[0]?.textContent).toContain('Contracts');
    expect(items[0]?.textContent).toContain('p. 1');
    expect(items[0]?.textContent).toContain('passage number 1');
    expect(items[0]?.textContent).not.toContain('second snippet');
    expect(screen.queryByText('file-4.pdf')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '+2 more' }));
    expect(screen.getAllByTestId('source-item')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByTestId('source-item')).toHaveLength(3);
  });

  it('opens the clicked source, and says nothing of more when there are 3 or fewer', () => {
    const onOpen = vi.fn();
    render(<SourcesCard sources={[source(1), source(2, { page: null })]} onOpen={onOpen} />);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open source 2: file-2.pdf' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'd2', chunkId: 'c2' }));
    expect(screen.getByRole('button', { name: 'Open source 1: file-1.pdf, p. 1' })).toBeTruthy();
  });

  it('renders snippets and names as text, never as HTML', () => {
    const { container } = render(
      <SourcesCard
        sources={[source(1, { fileName: '<b>x</b>.txt', snippet: '<img src=x onerror="alert(1)"> hi' })]}
        onOpen={vi.fn()}
      />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(within(screen.getByTestId('source-item')).getByText('<b>x</b>.txt')).toBeTruthy();
  });
});
