import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecognitionResultEvent } from '../lib/browser-speech';
import { HOLD_MS, useDictation } from './use-dictation';

/** A stand-in for the browser's SpeechRecognition: tests say what it heard and when it ends. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  continuous = false;
  interimResults = false;
  lang = '';
  onresult: ((event: RecognitionResultEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
  hear(transcript: string, isFinal = true) {
    const result = Object.assign([{ transcript }], { isFinal });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

let clock = 0;
const now = () => clock;

beforeEach(() => {
  clock = 1_000;
  FakeRecognition.last = null;
  // No server runtime: the browser's recognition is used.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ transcription: false, speech: false })),
  );
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function setup() {
  const onText = vi.fn();
  const hook = renderHook(() => useDictation({ onText, language: 'en', now }));
  await waitFor(() => expect(hook.result.current.source).toBe('browser'));
  return { hook, onText };
}

describe('useDictation with the browser speech recognition', () => {
  it('push-to-talk: holding listens, releasing inserts the text without sending', async () => {
    const { hook, onText } = await setup();
    act(() => hook.result.current.press());
    const recognition = FakeRecognition.last;
    expect(recognition?.start).toHaveBeenCalled();
    expect(recognition?.continuous).toBe(true);
    expect(hook.result.current.phase).toBe('listening');
    act(() => recognition?.hear('book a meeting'));
    clock += HOLD_MS + 200;
    act(() => hook.result.current.release());
    expect(recognition?.stop).toHaveBeenCalled();
    expect(onText).toHaveBeenCalledWith('book a meeting', false);
    expect(hook.result.current.phase).toBe('idle');
  });

  it('a click switches to hands-free: each pause sends, another press stops', async () => {
    const { hook, onText } = await setup();
    act(() => hook.result.current.press());
    clock += 100;
    act(() => hook.result.current.release());
    expect(hook.result.current.handsFree).toBe(true);
    const recognition = FakeRecognition.last;
    act(() => recognition?.hear('first thought'));
    expect(onText).toHaveBeenLastCalledWith('first thought', true);
    act(() => recognition?.hear('second thought'));
    expect(onText).toHaveBeenLastCalledWith('second thought', true);
    act(() => hook.result.current.press());
    act(() => hook.result.current.release());
    expect(recognition?.stop).toHaveBeenCalled();
    expect(hook.result.current.phase).toBe('idle');
    expect(onText).toHaveBeenCalledTimes(2);
  });

  it('says when the microphone was refused or nothing was heard', async () => {
    const { hook, onText } = await setup();
    act(() => hook.result.current.press());
    act(() => FakeRecognition.last?.onerror?.({ error: 'not-allowed' }));
    act(() => FakeRecognition.last?.onend?.());
    expect(hook.result.current.error?.kind).toBe('permission');
    clock += 5_000;
    act(() => hook.result.current.press());
    expect(hook.result.current.error).toBeNull();
    clock += HOLD_MS + 1;
    act(() => hook.result.current.release());
    expect(hook.result.current.error?.kind).toBe('noSpeech');
    expect(onText).not.toHaveBeenCalled();
  });

  it('offers nothing when there is neither a server runtime nor browser recognition', async () => {
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    const hook = renderHook(() => useDictation({ onText: vi.fn(), language: 'en', now }));
    await waitFor(() => expect(hook.result.current.source).toBe('none'));
    act(() => hook.result.current.press());
    expect(hook.result.current.phase).toBe('idle');
  });
});
