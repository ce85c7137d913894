import { useCallback, useEffect, useRef } from 'react';
import { appendDictation } from '../lib/dictation-text';

interface Input {
  text: string;
  onTextChange(text: string): void;
  /** Whether Send would send now (not while an answer is still being written). */
  canSend: boolean;
  onSend(): void;
}

/**
 * Connects dictation to a message box: recognised text is appended to what is typed; in hands-free mode it is
 * then sent, as soon as the box shows it and sending is possible (once the current answer is finished).
 */
export function useDictationInput({ text, onTextChange, canSend, onSend }: Input) {
  const latest = useRef(text);
  const sendPending = useRef(false);

  useEffect(() => {
    latest.current = text;
    if (!sendPending.current || !canSend) return;
    sendPending.current = false;
    onSend();
  }, [text, canSend, onSend]);

  return useCallback(
    (dictated: string, send: boolean) => {
      const next = appendDictation(latest.current, dictated);
      latest.current = next;
      if (send) sendPending.current = true;
      onTextChange(next);
    },
    [onTextChange],
  );
}
