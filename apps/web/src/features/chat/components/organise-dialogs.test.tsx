import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TagsDialog } from './organise-dialogs';

describe('TagsDialog', () => {
  afterEach(cleanup);

  const open = (onSave = vi.fn()) => {
    render(<TagsDialog open onOpenChange={() => undefined} title="A chat" tags={['old']} onSave={onSave} />);
    return { onSave, field: screen.getByRole('textbox', { name: 'Tags, separated by commas' }) };
  };

  it('saves the typed tags lower-cased, trimmed and without duplicates', () => {
    const { onSave, field } = open();
    fireEvent.change(field, { target: { value: ' Work, work ,q3,, ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(['work', 'q3']);
  });

  it('refuses more tags than a chat may have, and over-long ones', () => {
    const { onSave, field } = open();
    fireEvent.change(field, { target: { value: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') } });
    expect(screen.getByRole('alert').textContent).toBe('At most 10 tags.');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'x'.repeat(41) } });
    expect(screen.getByRole('alert').textContent).toBe('A tag can be at most 40 characters.');
    fireEvent.submit(field);
    expect(onSave).not.toHaveBeenCalled();
  });
});
