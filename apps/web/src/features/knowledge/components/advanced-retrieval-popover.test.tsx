import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAdvancedRetrieval } from '../hooks/use-advanced-retrieval';
import { AdvancedRetrievalPopover } from './advanced-retrieval-popover';

function Harness() {
  const { options, setOptions } = useAdvancedRetrieval();
  return (
    <>
      <AdvancedRetrievalPopover options={options} onChange={setOptions} />
      <p>Outside</p>
    </>
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('Advanced retrieval popover', () => {
  it('keeps the controls behind one button that says whether advanced retrieval is on', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Advanced retrieval settings (off)' });
    expect(screen.queryByRole('switch', { name: 'Advanced retrieval' })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Advanced retrieval' }));
    expect(screen.getByRole('button', { name: 'Advanced retrieval settings (on)' }).textContent).toBe('Advanced: on');
    expect(screen.getByRole('switch', { name: 'Reranking' })).toBeTruthy();
  });

  it('closes on Escape (focus back on the button) and on a click outside', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: /Advanced retrieval settings/ });
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('switch', { name: 'Advanced retrieval' })).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByRole('switch', { name: 'Advanced retrieval' })).toBeNull();
  });
});
