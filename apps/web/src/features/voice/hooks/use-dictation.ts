import type { SpeechStatus } from '@hearth/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { transcribeRecording } from '../api/speech';
import { browserDictation } from '../lib/browser-dictation';
import { canRecord, recognitionConstructor } from '../lib/browser-speech';
import type { DictationEngine } from '../lib/dictation-engine';
import type { DictationError } from '../lib/dictation-text';
import { serverDictation } from '../lib/server-dictation';
import { useSpeechStatus } from '../lib/speech-status-store';

/** A press shorter than this is a click (hands-free); longer is push-to-talk. */
export const HOLD_MS = 350;

export type DictationSource = 'server' | 'browser' | 'none';
export type DictationPhase = 'idle' | 'starting' | 'listening' | 'transcribing';

/** Who transcribes: the server's runtime when configured, else the browser's recognition; null while unknown. */
export function dictationSource(status: SpeechStatus | null): DictationSource | null {
  if (status === null) return null;
  if (status.transcription && canRecord()) return 'server';
  if (recognitionConstructor()) return 'browser';
  return 'none';
}

interface Options {
  /** Recognised text; `send` in hands-free mode after a pause. */
  onText(text: string, send: boolean): void;
  /** The language spoken (BCP 47), e.g. the interface language. */
  language: string;
  /** For tests: when a press started (defaults to Date.now). */
  now?: () => number;
}

/**
 * Dictation's state: press() starts listening (the microphone permission is asked only now); release() after a
 * hold ends push-to-talk and inserts the text, after a short click switches to hands-free. In hands-free, press()
 * or stop() ends it.
 */
export function useDictation({ onText, language, now = Date.now }: Options) {
  const source = dictationSource(useSpeechStatus());
  const [phase, setPhase] = useState<DictationPhase>('idle');
  const [handsFree, setHandsFree] = useState(false);
  const [error, setError] = useState<{ kind: DictationError; detail?: string } | null>(null);
  const [interim, setInterim] = useState('');
  const engine = useRef<DictationEngine | null>(null);
  const pressedAt = useRef(0);
  const ignoreRelease = useRef(false);
  const handsFreeRef = useRef(false);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });
  useEffect(() => () => engine.current?.cancel(), []);

  const press = useCallback(() => {
    const active = engine.current;
    if (active) {
      // A press while listening hands-free stops it; while a recording is still transcribed, it waits.
      if (handsFreeRef.current) active.finish();
      ignoreRelease.current = true;
      return;
    }
    if (source !== 'server' && source !== 'browser') return;
    pressedAt.current = now();
    handsFreeRef.current = false;
    setHandsFree(false);
    setError(null);
    setInterim('');
    setPhase('starting');
    const events = {
      onText: (text: string, send: boolean) => onTextRef.current(text, send),
      onInterim: setInterim,
      onPhase: setPhase,
      onError: (kind: DictationError, detail?: string) => setError({ kind, detail }),
      onEnd: () => {
        engine.current = null;
        handsFreeRef.current = false;
        setHandsFree(false);
        setInterim('');
        setPhase('idle');
      },
    };
    const Recognizer = recognitionConstructor();
    const created =
      source === 'server' || !Recognizer
        ? serverDictation(events, (audio) => transcribeRecording(audio, language))
        : browserDictation(events, Recognizer, language);
    engine.current = created;
    void created.start();
  }, [source, language, now]);

  const release = useCallback(() => {
    if (ignoreRelease.current) {
      ignoreRelease.current = false;
      return;
    }
    const active = engine.current;
    if (!active || handsFreeRef.current) return;
    if (now() - pressedAt.current < HOLD_MS) {
      handsFreeRef.current = true;
      setHandsFree(true);
      active.handsFree();
    } else {
      active.finish();
    }
  }, [now]);

  const stop = useCallback(() => engine.current?.finish(), []);
  const dismissError = useCallback(() => setError(null), []);

  return { source, phase, handsFree, error, interim, press, release, stop, dismissError };
}
