import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { useComposerFiles } from '../hooks/use-composer-files';
import { Composer } from './composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noFiles = { files: [], uploading: false, add: vi.fn(), remove: vi.fn() } as unknown as ReturnType<
  typeof useComposerFiles
>;

function setup(text: string, onEditLast: () => boolean) {
  // The saved-prompts menu ('/') asks the server for prompts: none here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ prompts: [] })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Composer
        text={text}
        onTextChange={vi.fn()}
        files={noFiles}
        busy={false}
        stopping={false}
        onSend={vi.fn()}
        onStop={vi.fn()}
        onEditLast={onEditLast}
      />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Message' });
}

describe('↑ in the message box', () => {
  it('edits the last message when the box is empty (and keeps the key when there is none)', () => {
    const onEditLast = vi.fn(() => true);
    const box = setup('', onEditLast);
    const handled = !fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(onEditLast).toHaveBeenCalledTimes(1);
    expect(handled).toBe(true);

    cleanup();
    const nothing = vi.fn(() => false);
    const again = setup('', nothing);
    expect(fireEvent.keyDown(again, { key: 'ArrowUp' })).toBe(true);
    expect(nothing).toHaveBeenCalledTimes(1);
  });

  it('only moves the caret while there is text, or with a modifier', () => {
    const onEditLast = vi.fn(() => true);
    const box = setup('a draft', onEditLast);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    cleanup();
    const empty = setup('', onEditLast);
    fireEvent.keyDown(empty, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(empty, { key: 'ArrowUp', ctrlKey: true });
    expect(onEditLast).not.toHaveBeenCalled();
  });
});
