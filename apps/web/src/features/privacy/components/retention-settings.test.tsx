import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetentionSettingsForm } from './retention-settings';

const settings = { data_retention_days: 90, auto_delete_enabled: false, updated_at: '2026-01-01T00:00:00Z' };

afterEach(cleanup);

function renderForm() {
  const onSave = vi.fn();
  render(<RetentionSettingsForm settings={settings} pending={false} onSave={onSave} />);
  return { onSave, input: screen.getByLabelText('Data retention (days)') as HTMLInputElement };
}

describe('Data Retention form', () => {
  it('shows the stored values and saves the edited ones', () => {
    const { onSave, input } = renderForm();
    expect(input.value).toBe('90');
    expect(input.min).toBe('1');
    expect(input.max).toBe('3650');
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Automatically delete old conversations' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ data_retention_days: 30, auto_delete_enabled: true });
  });

  it.each(['0', '3651', '99999', '', '12.5', '-3'])('refuses invalid input (%j) and names the range', (value) => {
    const { onSave, input } = renderForm();
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of days from 1 to 3650.');
    expect(input.value).toBe(value);
  });

  it('keeps the bounds 1 and 3650', () => {
    const { onSave, input } = renderForm();
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.change(input, { target: { value: '3650' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls.map(([body]) => (body as { data_retention_days: number }).data_retention_days)).toEqual([
      1, 3650,
    ]);
  });
});
