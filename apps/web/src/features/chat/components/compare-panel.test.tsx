import type { CompareStreamEvent } from '@hearth/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearComparison, type Comparison, getComparison, runComparison } from '../lib/compare-store';
import { message } from '../lib/test-messages';
import { ComparePanel } from './compare-panel';

afterEach(cleanup);

const comparison = (columns: Comparison['columns']): Comparison => ({
  key: 'c1',
  conversationId: 'c1',
  question: 'Which is better?',
  userMessage: message('u1', 'user', 'Which is better?'),
  columns,
  failure: null,
});

describe('the comparison panel', () => {
  it('labels each column with its model, streams with Stop, and offers "Use this answer" once done', () => {
    const onStop = vi.fn();
    const onPick = vi.fn();
    render(
      <ComparePanel
        comparison={comparison([
          { model: 'llama3', phase: 'streaming', text: 'Half an', message: null, error: null },
          {
            model: 'mistral',
            phase: 'done',
            text: 'Whole.',
            message: message('a2', 'assistant', 'Whole.'),
            error: null,
          },
          { model: 'qwen', phase: 'error', text: '', message: null, error: 'The model failed.' },
        ])}
        onStop={onStop}
        onPick={onPick}
        onClose={vi.fn()}
      />,
    );
    const llama = screen.getByRole('region', { name: 'llama3' });
    expect(within(llama).getByRole('status').textContent).toBe('Writing…');
    fireEvent.click(within(llama).getByRole('button', { name: 'Stop llama3' }));
    expect(onStop).toHaveBeenCalledWith(0);
    expect(within(llama).queryByRole('button', { name: /Use this answer/ })).toBeNull();

    const mistral = screen.getByRole('region', { name: 'mistral' });
    fireEvent.click(within(mistral).getByRole('button', { name: 'Use this answer from mistral' }));
    expect(onPick).toHaveBeenCalledWith(1);

    const qwen = screen.getByRole('region', { name: 'qwen' });
    expect(within(qwen).getByRole('alert').textContent).toContain('The model failed.');
    expect(within(qwen).queryByRole('button')).toBeNull();
    // Still running: no way to close the columns before every answer has ended.
    expect(screen.queryByRole('button', { name: 'Close comparison' })).toBeNull();
  });

  it('shows why a comparison was refused', () => {
    render(
      <ComparePanel
        comparison={{ ...comparison([]), failure: 'You already have 3 answers being written.' }}
        onStop={vi.fn()}
        onPick={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('You already have 3 answers');
    expect(screen.getByRole('button', { name: 'Close comparison' })).toBeTruthy();
  });
});

describe('the comparison store', () => {
  it('files each event under its column and moves a new chat to its conversation id', async () => {
    const saved = message('a1', 'assistant', 'Hi there');
    const events: CompareStreamEvent[] = [
      {
        type: 'conversation',
        conversation: { id: 'new-id', title: 't', created_at: saved.created_at, updated_at: saved.created_at },
      },
      { type: 'user_message', message: message('u1', 'user', 'Hello') },
      { type: 'answer', slot: 0, model: 'a', event: { type: 'token', text: 'Hi ' } },
      {
        type: 'answer',
        slot: 1,
        model: 'b',
        event: { type: 'error', code: 'x', message: 'Down', saved_message: null },
      },
      { type: 'answer', slot: 0, model: 'a', event: { type: 'done', message: saved } },
    ];
    async function* stream() {
      yield* events;
    }
    const onConversation = vi.fn();
    await runComparison('draft', { conversationId: null, question: 'Hello', models: ['a', 'b'] }, stream, {
      onConversation,
      describe: () => 'failed',
    });
    expect(getComparison('draft')).toBeUndefined();
    const moved = getComparison('new-id');
    expect(onConversation).toHaveBeenCalledWith(expect.objectContaining({ id: 'new-id' }), true);
    expect(moved?.columns.map((column) => [column.model, column.phase])).toEqual([
      ['a', 'done'],
      ['b', 'error'],
    ]);
    expect(moved?.columns[0]?.message?.content).toBe('Hi there');
    expect(moved?.columns[1]?.error).toBe('Down');
    clearComparison('new-id');
    expect(getComparison('new-id')).toBeUndefined();
  });
});
