import type { Message } from '@hearth/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { message } from '../lib/test-messages';
import { MessageItem } from './message-item';

afterEach(cleanup);

const withBranch = (base: Message, position: number, count: number): Message => ({
  ...base,
  branch: {
    position,
    count,
    previous_id: position > 1 ? `prev-${base.id}` : null,
    next_id: position < count ? `next-${base.id}` : null,
  },
});

const renderItem = (item: Message, props: { switchDisabled?: boolean } = {}) => {
  const onSwitchBranch = vi.fn();
  render(
    <MessageItem
      message={item}
      canRegenerate={false}
      canEdit
      onRegenerate={vi.fn()}
      onEdit={vi.fn()}
      onSwitchBranch={onSwitchBranch}
      {...props}
    />,
  );
  return onSwitchBranch;
};

describe('the branch switcher ("‹ 2/3 ›")', () => {
  it('names the answer and its position, and switches to the previous and next versions', () => {
    const onSwitch = renderItem(withBranch(message('a2', 'assistant', 'Second answer'), 2, 3));
    const group = screen.getByRole('group', { name: 'Answer 2 of 3' });
    expect(group.textContent).toContain('2/3');
    fireEvent.click(within(group).getByRole('button', { name: 'Previous answer' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Next answer' }));
    expect(onSwitch.mock.calls).toEqual([['prev-a2'], ['next-a2']]);
  });

  it('names edited versions, and is reached by keyboard: native, focusable buttons', () => {
    const onSwitch = renderItem(withBranch(message('u1', 'user', 'Edited question'), 1, 2));
    const next = screen.getByRole('button', { name: 'Next version' });
    next.focus();
    expect(document.activeElement).toBe(next);
    expect(next.tagName).toBe('BUTTON');
    fireEvent.click(next);
    expect(onSwitch).toHaveBeenCalledWith('next-u1');
    expect(screen.getByRole('group', { name: 'Version 1 of 2' })).toBeTruthy();
    // At an end, that direction is disabled.
    expect(screen.getByRole('button', { name: 'Previous version' })).toHaveProperty('disabled', true);
  });

  it('is disabled while an answer is being written, and absent for a message with no other version', () => {
    renderItem(withBranch(message('a2', 'assistant'), 2, 2), { switchDisabled: true });
    expect(screen.getByRole('button', { name: 'Previous answer' })).toHaveProperty('disabled', true);
    cleanup();
    renderItem(message('a3', 'assistant'));
    expect(screen.queryByTestId('branch-switcher')).toBeNull();
  });
});
