import { useSyncExternalStore } from 'react';
import { fetchSpeech } from '../api/speech';
import { speakableText } from './dictation-text';
import { SPEECH_MAX_INPUT_CHARS } from '@hearth/contract';

/**
 * The one thing being read aloud on the page (starting another answer stops the first): the server's audio
 * when a speech runtime is configured, else the browser's speechSynthesis.
 */
interface Playing {
  id: string;
  phase: 'loading' | 'playing';
}

let playing: Playing | null = null;
let audio: HTMLAudioElement | null = null;
let objectUrl: string | null = null;
let controller: AbortController | null = null;
let synthesizing = false;
const listeners = new Set<() => void>();

const set = (next: Playing | null) => {
  playing = next;
  for (const listener of listeners) listener();
};

export function stopReading(): void {
  controller?.abort();
  controller = null;
  if (audio) {
    audio.onended = null;
    audio.onerror = null;
    audio.pause();
    audio = null;
  }
  if (objectUrl) URL.revokeObjectURL(objectUrl);
  objectUrl = null;
  if (synthesizing) window.speechSynthesis.cancel();
  synthesizing = false;
  set(null);
}

/** Reads `markdown` aloud as `id`; `onError` hears failures (not a Stop). */
export function startReading(
  id: string,
  markdown: string,
  options: { server: boolean; language: string; onError: (error: unknown) => void },
): void {
  stopReading();
  if (options.server) {
    const own = new AbortController();
    controller = own;
    set({ id, phase: 'loading' });
    fetchSpeech(speakableText(markdown, SPEECH_MAX_INPUT_CHARS), own.signal)
      .then(async (blob) => {
        if (own.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        const player = new Audio(objectUrl);
        audio = player;
        player.onended = () => stopReading();
        player.onerror = () => {
          options.onError(new Error('The audio could not be played'));
          stopReading();
        };
        await player.play();
        if (audio === player) set({ id, phase: 'playing' });
      })
      .catch((error: unknown) => {
        if (own.signal.aborted) return;
        options.onError(error);
        stopReading();
      });
    return;
  }
  const utterance = new SpeechSynthesisUtterance(speakableText(markdown));
  utterance.lang = options.language;
  utterance.onend = () => stopReading();
  utterance.onerror = (event) => {
    if (event.error !== 'interrupted' && event.error !== 'canceled') options.onError(new Error(event.error));
    stopReading();
  };
  synthesizing = true;
  window.speechSynthesis.speak(utterance);
  set({ id, phase: 'playing' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What is being read aloud now, if anything. */
export const useReading = (): Playing | null =>
  useSyncExternalStore(
    subscribe,
    () => playing,
    () => null,
  );
