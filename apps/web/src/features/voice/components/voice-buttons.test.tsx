import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DictationButton } from './dictation-button';
import { ReadAloudButton } from './read-aloud-button';

beforeEach(() => {
  // No server speech runtime: the browser's own speech, where it has it.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ transcription: false, speech: false })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DictationButton', () => {
  it('is disabled with an honest reason when neither the server nor the browser can transcribe', async () => {
    render(<DictationButton onText={vi.fn()} />);
    const button = await screen.findByRole('button', { name: 'Dictation unavailable' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.parentElement?.title).toMatch(/no speech recognition and no speech runtime/);
  });

  it('shows that it listens while held, and how to stop hands-free after a click', async () => {
    const start = vi.fn();
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        start = start;
        stop = vi.fn();
        abort = vi.fn();
      },
    );
    render(<DictationButton onText={vi.fn()} />);
    const button = await screen.findByRole('button', { name: 'Dictate (hold to talk, click for hands-free)' });
    fireEvent.keyDown(button, { key: ' ' });
    expect(start).toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Listening… release to insert the text.');
    fireEvent.keyUp(button, { key: ' ' });
    expect(screen.getByRole('status').textContent).toContain('press Esc to stop');
    expect(screen.getByRole('button', { name: 'Stop hands-free dictation' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('ReadAloudButton', () => {
  it('reads with the browser voice, without the Markdown, and stops', async () => {
    const speak = vi.fn();
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak, cancel });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    render(<ReadAloudButton text="**Hello** there" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Read answer aloud' }));
    expect(speak).toHaveBeenCalledWith(expect.objectContaining({ text: 'Hello there' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop reading aloud' }));
    expect(cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Read answer aloud' })).toBeTruthy();
  });

  it('is absent where there is no way to read aloud', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    const { container } = render(<ReadAloudButton text="Hello" />);
    expect(container.innerHTML).toBe('');
  });
});
