import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDictationInput } from './use-dictation-input';

afterEach(cleanup);

describe('useDictationInput', () => {
  it('appends push-to-talk text and sends hands-free text once sending is possible', () => {
    const onSend = vi.fn();
    let text = 'Hello';
    const onTextChange = vi.fn((next: string) => {
      text = next;
    });
    const hook = renderHook(({ canSend }) => useDictationInput({ text, onTextChange, canSend, onSend }), {
      initialProps: { canSend: false },
    });
    act(() => hook.result.current('world', false));
    expect(onTextChange).toHaveBeenLastCalledWith('Hello world');
    hook.rerender({ canSend: true });
    expect(onSend).not.toHaveBeenCalled();
    // Hands-free while an answer is still written: kept until Send is possible, then sent once.
    hook.rerender({ canSend: false });
    act(() => hook.result.current('and more', true));
    hook.rerender({ canSend: false });
    expect(onSend).not.toHaveBeenCalled();
    hook.rerender({ canSend: true });
    expect(onTextChange).toHaveBeenLastCalledWith('Hello world and more');
    expect(onSend).toHaveBeenCalledTimes(1);
    hook.rerender({ canSend: true });
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
