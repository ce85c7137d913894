import { fillPrompt, type Prompt } from '@hearth/contract';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { usePrompts } from '../api/prompts';
import { insertPrompt, matchPrompts, type SlashTrigger, slashTriggerAt } from '../lib/slash-trigger';

interface Options {
  text: string;
  onTextChange: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
}

/**
 * '/' at the start of a word in the chat input: a list of prompts filtered by what follows, chosen with the
 * arrow keys and Enter (or a click); Escape closes it. A prompt with {{variables}} asks for them first.
 */
export function useSlashPrompts({ text, onTextChange, input }: Options) {
  const listId = useId();
  const [caret, setCaret] = useState(text.length);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlight, setHighlight] = useState({ key: '', index: 0 });
  const [pending, setPending] = useState<{ prompt: Prompt; trigger: SlashTrigger } | null>(null);

  const trigger = slashTriggerAt(text, Math.min(caret, text.length));
  const open = trigger !== null && trigger.start !== dismissedAt && pending === null;
  const prompts = usePrompts(trigger !== null);
  const matches = open ? matchPrompts(prompts.data?.prompts ?? [], trigger.query) : [];
  const key = trigger ? `${trigger.start}:${trigger.query}` : '';
  const active = highlight.key === key ? Math.min(highlight.index, Math.max(matches.length - 1, 0)) : 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const place = (next: string, at: number) => {
    onTextChange(next);
    setCaret(at);
    // Text that itself ends in '/word' must not reopen the list.
    setDismissedAt(slashTriggerAt(next, at)?.start ?? null);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
    });
  };

  const insert = (content: string, at: SlashTrigger) => {
    const result = insertPrompt(text, at, content);
    place(result.text, result.caret);
  };

  const choose = (prompt: Prompt) => {
    if (!trigger) return;
    if (prompt.variables.length > 0) setPending({ prompt, trigger });
    else insert(prompt.content, trigger);
  };

  /** Handles the list's keys while it is open; true when the key was used. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const count = matches.length;
    if (event.key === 'Escape') {
      setDismissedAt(trigger.start);
    } else if (event.key === 'ArrowDown' && count > 0) {
      setHighlight({ key, index: (active + 1) % count });
    } else if (event.key === 'ArrowUp' && count > 0) {
      setHighlight({ key, index: (active - 1 + count) % count });
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && count > 0) {
      const chosen = matches[active];
      if (chosen) choose(chosen);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    open,
    listId,
    matches,
    active,
    optionId,
    loading: open && prompts.isPending,
    failed: open && prompts.isError,
    query: trigger?.query ?? '',
    onKeyDown,
    /** Keep the caret position current (onChange, onSelect). */
    track: (element: HTMLTextAreaElement) => setCaret(element.selectionStart),
    choose,
    /** The prompt whose variables are being asked for. */
    pending: pending?.prompt ?? null,
    fill: (values: Record<string, string>) => {
      if (!pending) return;
      const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
      insert(fillPrompt(pending.prompt.content, given), pending.trigger);
      setPending(null);
    },
    cancel: () => {
      setPending(null);
      if (trigger) setDismissedAt(trigger.start);
      requestAnimationFrame(() => input.current?.focus());
    },
  };
}

export type SlashPrompts = ReturnType<typeof useSlashPrompts>;
