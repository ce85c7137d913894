import type { Recognition } from './browser-speech';
import type { DictationEngine, DictationEvents } from './dictation-engine';
import { appendDictation, recognitionError } from './dictation-text';

/**
 * Dictation with the browser's own speech recognition (no server model). The browser asks for the microphone
 * when recognition starts. Final results arrive at pauses: hands-free sends each one.
 */
export function browserDictation(
  events: DictationEvents,
  Recognizer: new () => Recognition,
  language: string,
): DictationEngine {
  let recognition: Recognition | null = null;
  let handsFree = false;
  let stopped = false;
  let failed = false;
  let finals = '';
  let interim = '';

  return {
    start() {
      const current = new Recognizer();
      recognition = current;
      current.continuous = true;
      current.interimResults = true;
      current.lang = language;
      current.onresult = (event) => {
        interim = '';
        for (let index = event.resultIndex; index < event.results.length; index += 1) {
          const result = event.results[index];
          const transcript = result?.[0]?.transcript ?? '';
          if (!result?.isFinal) interim += transcript;
          else if (handsFree && !stopped) events.onText(transcript, true);
          else finals = appendDictation(finals, transcript);
        }
        events.onInterim(appendDictation(finals, interim));
      };
      current.onerror = (event) => {
        const error = recognitionError(event.error);
        // Hands-free keeps listening through silence; any other failure ends the dictation.
        if (!error || (handsFree && !stopped && error === 'noSpeech')) return;
        failed = true;
        events.onError(error);
      };
      current.onend = () => {
        // The browser ends recognition itself after a while of silence: hands-free starts it again.
        if (handsFree && !stopped && !failed) {
          try {
            current.start();
            return;
          } catch {
            // fall through: end the dictation
          }
        }
        const text = appendDictation(finals, interim);
        if (text) events.onText(text, false);
        else if (!failed && !handsFree) events.onError('noSpeech');
        events.onEnd();
      };
      try {
        current.start();
      } catch {
        events.onError('runtime');
        events.onEnd();
        return Promise.resolve();
      }
      events.onPhase('listening');
      return Promise.resolve();
    },
    handsFree() {
      handsFree = true;
      if (finals) events.onText(finals, true);
      finals = '';
    },
    finish() {
      stopped = true;
      recognition?.stop();
    },
    cancel() {
      stopped = true;
      finals = '';
      interim = '';
      if (recognition) recognition.onend = null;
      recognition?.abort();
    },
  };
}
