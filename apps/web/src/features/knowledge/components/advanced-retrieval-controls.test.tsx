import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADVANCED_RETRIEVAL_KEY, snapMaxResults, useAdvancedRetrieval } from '../hooks/use-advanced-retrieval';
import { AdvancedRetrievalControls } from './advanced-retrieval-controls';

/** The controls wired to the hook, as the chat screen mounts them; shows what would be sent. */
function Harness() {
  const { options, setOptions } = useAdvancedRetrieval();
  return (
    <>
      <AdvancedRetrievalControls options={options} onChange={setOptions} />
      <pre data-testid="sent">{JSON.stringify(options)}</pre>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '{}') as Record<string, unknown>;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('Advanced retrieval controls', () => {
  it('starts with the master switch off and hides the other controls', () => {
    render(<Harness />);
    const master = screen.getByRole('switch', { name: 'Advanced retrieval' });
    expect(master.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('switch', { name: 'Reranking' })).toBeNull();
    expect(screen.queryByRole('slider', { name: 'Max results' })).toBeNull();
    expect(sent()).toEqual({
      enabled: false,
      useReranking: true,
      useQueryExpansion: true,
      useMultiStepReasoning: true,
      maxResults: 10,
    });
  });

  it('when on, shows three toggles (on) and a 5-50 slider in steps of 5 with its value', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('switch', { name: 'Advanced retrieval' }));
    for (const name of ['Query expansion', 'Reranking', 'Multi-step reasoning']) {
      expect(screen.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('true');
    }
    const slider = screen.getByRole('slider', { name: 'Max results' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['5', '50', '5', '10']);
    fireEvent.change(slider, { target: { value: '35' } });
    expect(screen.getByText('35', { selector: 'output' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Reranking' }));
    expect(sent()).toMatchObject({ enabled: true, useReranking: false, maxResults: 35 });
  });

  it('keeps the settings in localStorage across visits', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('switch', { name: 'Advanced retrieval' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Query expansion' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Max results' }), { target: { value: '50' } });
    cleanup();
    render(<Harness />);
    expect(screen.getByRole('switch', { name: 'Advanced retrieval' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Query expansion' }).getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('slider', { name: 'Max results' }) as HTMLInputElement).value).toBe('50');
    expect(JSON.parse(window.localStorage.getItem(ADVANCED_RETRIEVAL_KEY) ?? '{}')).toMatchObject({
      enabled: true,
      useQueryExpansion: false,
      maxResults: 50,
    });
  });

  it('ignores a stored value that is out of range or damaged', () => {
    window.localStorage.setItem(ADVANCED_RETRIEVAL_KEY, JSON.stringify({ enabled: true, maxResults: 500 }));
    render(<Harness />);
    expect(sent()).toMatchObject({ enabled: false, maxResults: 10 });
    expect([snapMaxResults(12), snapMaxResults(0), snapMaxResults(99), snapMaxResults(Number.NaN)]).toEqual([
      10, 5, 50, 10,
    ]);
  });
});
