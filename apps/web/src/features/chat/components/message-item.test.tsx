import type { Message } from '@hearth/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { message } from '../lib/test-messages';
import { MessageItem } from './message-item';

const answer: Message = {
  ...message('a1', 'assistant', 'Leave is twenty-five days [1], see also [2].'),
  metadata: {
    confidence: 0.874,
    support: {
      supported: 1,
      total: 2,
      unsupported: ['Managers approve first-class flights.'],
      method: 'lexical',
    },
    advanced_retrieval: true,
    retrieval_details: {
      steps: ['Expanded the query with 2 synonyms', 'Reranked 4 candidates by term proximity'],
      expanded_queries: ['leave days', 'holiday days'],
      explanation: 'Found 2 documents.',
      validation: { is_valid: true, confidence: 0.72, issues: [], suggestions: [] },
    },
    indexing_collections: [{ collection_id: 'k2', collection_name: 'Contracts', pending: 2 }],
    used_documents: [
      { id: 'd1', fileName: 'leave.md', collectionName: 'Handbook', snippet: 'twenty-five days', page: null },
      { id: 'd2', fileName: 'travel.pdf', collectionName: 'Handbook', snippet: 'travel', page: 4 },
    ],
  },
};

afterEach(cleanup);

const renderItem = (item: Message, onOpenSource = vi.fn()) => {
  render(
    <MessageItem
      message={item}
      canRegenerate={false}
      canEdit={false}
      onRegenerate={vi.fn()}
      onEdit={vi.fn()}
      onOpenSource={onOpenSource}
    />,
  );
  return onOpenSource;
};

describe('MessageItem with sources', () => {
  it('shows how well the sources match, the still-indexing notice and the sources card', () => {
    renderItem(answer);
    expect(screen.getByTestId('answer-confidence').textContent).toBe('Sources match 87% · advanced retrieval');
    expect(screen.getByTestId('indexing-notice').textContent).toBe(
      'Still indexing: Contracts (2 documents) — this answer could not use them yet.',
    );
    expect(screen.getAllByTestId('source-item')).toHaveLength(2);
  });

  it('opens the cited source from a citation in the answer text', async () => {
    const onOpen = renderItem(answer);
    const citation = await screen.findByRole('link', { name: '[2]' }, { timeout: 5000 });
    fireEvent.click(citation);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'd2', page: 4 }));
  });

  it('shows no sources match and no support check for answers without sources', () => {
    renderItem(message('a2', 'assistant', 'Plain answer'));
    expect(screen.queryByTestId('answer-confidence')).toBeNull();
    expect(screen.queryByTestId('answer-support')).toBeNull();
    expect(screen.queryByTestId('sources-card')).toBeNull();
    // An answer that searched but found nothing has the spec's number stored, but nothing to match: not shown.
    renderItem({ ...message('a5', 'assistant', 'Nothing found'), metadata: { confidence: 0.6 } });
    expect(screen.queryByTestId('answer-confidence')).toBeNull();
  });

  it('says how many statements the sources back up and lists the others on hover and focus', () => {
    renderItem(answer);
    const support = screen.getByTestId('answer-support');
    expect(support.textContent).toBe('1 of 2 statements found in the sources');
    const card = screen.getByRole('tooltip', { hidden: true });
    expect(support.getAttribute('aria-describedby')).toBe(card.id);
    expect(card.textContent).toContain('Managers approve first-class flights.');
    expect(card.className).toContain('group-hover:visible');
  });

  it('keeps the retrieval steps and validation collapsed under the answer', () => {
    renderItem(answer);
    const details = screen.getByTestId('retrieval-details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('Reranked 4 candidates by term proximity');
    expect(screen.getByTestId('retrieval-validation').textContent).toContain('relevant matches found (72%)');
  });
});

describe('MessageItem notes', () => {
  it('shows an answer cut off by a server restart like a stopped one, with its own note', () => {
    renderItem({
      ...message('a3', 'assistant', 'The first half of an ans'),
      metadata: { stopped: true, interrupted: true },
    });
    expect(screen.getByText('The first half of an ans')).toBeTruthy();
    expect(screen.getAllByTestId('message-note').map((note) => note.textContent)).toEqual([
      'The server restarted while this answer was being written.',
    ]);
  });

  it('keeps the Stop note for an answer the user stopped', () => {
    renderItem({ ...message('a4', 'assistant', 'Half'), metadata: { stopped: true } });
    expect(screen.getByTestId('message-note').textContent).toBe(
      'Stopped: this is the part of the answer produced before you pressed Stop.',
    );
  });
});
