import type { Prompt } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer, type useComposerFiles } from '../../chat';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (id: string, title: string, content: string, variables: string[] = []): Prompt => ({
  id,
  title,
  description: null,
  content,
  variables,
  shared: false,
  owned: true,
  built_in: false,
  author: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const PROMPTS = [
  entry('p1', 'Contract Analysis', 'Review the contract {{contract}} for {{party}}.', ['contract', 'party']),
  entry('p2', 'Code Review', 'Review this code carefully.'),
  entry('p3', 'Summarise', 'Summarise the text in three bullet points.'),
];

const files = { files: [], uploading: false, add: vi.fn(), remove: vi.fn() } as unknown as ReturnType<
  typeof useComposerFiles
>;

function Harness({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <Composer
      text={text}
      onTextChange={setText}
      files={files}
      busy={false}
      stopping={false}
      onSend={() => onSend(text)}
      onStop={vi.fn()}
    />
  );
}

function setup() {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify({ prompts: PROMPTS }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const onSend = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness onSend={onSend} />
    </QueryClientProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  const key = (name: string) => fireEvent.keyDown(box, { key: name });
  return { box, type, key, onSend, fetch };
}

const flushFrames = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('slash prompts in the chat input', () => {
  it('does not ask for prompts until / is typed at the start of a word', async () => {
    const { type, fetch } = setup();
    type('and/or');
    await flushFrames();
    // (The composer's dictation button asks /api/audio/status once: only prompt requests count here.)
    expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/prompts'))).toEqual([]);
    expect(screen.queryByRole('listbox', { name: 'Prompts' })).toBeNull();
  });

  it('filters as you type; arrow keys move the highlight and Enter inserts without sending', async () => {
    const { box, type, key, onSend, fetch } = setup();
    type('Please /');
    const list = await screen.findByRole('listbox', { name: 'Prompts' });
    expect(await within(list).findAllByRole('option')).toHaveLength(3);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/prompts');

    type('Please /a');
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Contract Analysis'),
      expect.stringContaining('Summarise'),
    ]);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(box?.getAttribute('aria-activedescendant')).toBe(options[0]?.id);

    key('ArrowDown');
    expect(within(list).getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown'); // wraps around
    expect(within(list).getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp'); // wraps to the last
    key('Enter');
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('Please Summarise the text in three bullet points.');
    expect(screen.queryByRole('listbox', { name: 'Prompts' })).toBeNull();
  });

  it('Escape closes the list and Enter then sends as usual', async () => {
    const { type, key, onSend } = setup();
    type('/sum');
    await screen.findByRole('listbox', { name: 'Prompts' });
    key('Escape');
    expect(screen.queryByRole('listbox', { name: 'Prompts' })).toBeNull();
    key('Enter');
    expect(onSend).toHaveBeenCalledWith('/sum');
  });

  it('asks for the variables of a prompt in a small form, then inserts the filled text', async () => {
    const { box, type, key } = setup();
    type('/contract');
    await screen.findByRole('option', { name: /Contract Analysis/ });
    key('Enter');
    const dialog = await screen.findByRole('dialog', { name: 'Contract Analysis' });
    fireEvent.change(within(dialog).getByLabelText('contract'), { target: { value: 'the lease' } });
    fireEvent.change(within(dialog).getByLabelText('party'), { target: { value: 'the tenant' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert prompt' }));
    expect(box.value).toBe('Review the contract the lease for the tenant.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
