import { recordingType } from './browser-speech';
import type { DictationEngine, DictationEvents } from './dictation-engine';
import { mediaError } from './dictation-text';

/** Hands-free: this long without sound after speech ends a segment, which is then transcribed and sent. */
const PAUSE_MS = 1500;
/** Loudness (RMS of the waveform, 0..1) above which the microphone hears speech. */
const VOICE_LEVEL = 0.02;

interface Segment {
  recorder: MediaRecorder;
  done: Promise<Blob>;
}

function record(stream: MediaStream): Segment {
  const type = recordingType();
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const done = new Promise<Blob>((resolve) => {
    recorder.onstop = () => resolve(new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' }));
  });
  recorder.start();
  return { recorder, done };
}

/** Watches the microphone's level; calls onPause once speech is followed by PAUSE_MS of quiet. Returns a stop. */
function watchForPauses(stream: MediaStream, onVoice: () => void, onPause: () => void): () => void {
  if (typeof AudioContext === 'undefined') return () => undefined;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let heard = false;
  let lastVoice = 0;
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    const rms = Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);
    const now = Date.now();
    if (rms > VOICE_LEVEL) {
      heard = true;
      lastVoice = now;
      onVoice();
    } else if (heard && now - lastVoice > PAUSE_MS) {
      heard = false;
      onPause();
    }
  }, 100);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}

/**
 * Dictation through the server's speech runtime: the microphone is recorded with MediaRecorder (permission is
 * asked here, when dictation starts) and each recording is sent to POST /api/audio/transcriptions.
 */
export function serverDictation(
  events: DictationEvents,
  transcribe: (audio: Blob) => Promise<string>,
): DictationEngine {
  let stream: MediaStream | null = null;
  let current: Segment | null = null;
  let handsFree = false;
  let stopped = false;
  let voiced = false;
  let pending = 0;
  let stopWatching: () => void = () => undefined;

  const release = () => {
    stopWatching();
    stream?.getTracks().forEach((track) => track.stop());
  };
  const settle = () => {
    if (stopped && pending === 0) events.onEnd();
    else if (!stopped) events.onPhase('listening');
  };
  /** Hands-free: each pause after speech ends the segment, which is transcribed and sent; recording goes on. */
  const watch = () => {
    if (!stream) return;
    stopWatching = watchForPauses(
      stream,
      () => (voiced = true),
      () => {
        if (!stream || !current || stopped) return;
        const ended = current;
        current = record(stream);
        voiced = false;
        ended.recorder.stop();
        void deliver(ended.done, true);
      },
    );
  };
  const deliver = async (audio: Promise<Blob>, send: boolean) => {
    pending += 1;
    const blob = await audio;
    events.onPhase('transcribing');
    try {
      const text = blob.size > 0 ? (await transcribe(blob)).trim() : '';
      if (text) events.onText(text, send);
      else if (!handsFree || !send) events.onError('noSpeech');
    } catch (error) {
      events.onError('runtime', error instanceof Error ? error.message : undefined);
    } finally {
      pending -= 1;
      settle();
    }
  };

  return {
    async start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        events.onError(mediaError(error));
        stopped = true;
        events.onEnd();
        return;
      }
      // Released (or stopped) while the browser was still asking for permission: nothing was said.
      if (stopped) {
        release();
        if (pending === 0) events.onEnd();
        return;
      }
      try {
        current = record(stream);
      } catch (error) {
        release();
        events.onError(mediaError(error));
        stopped = true;
        events.onEnd();
        return;
      }
      events.onPhase('listening');
      if (handsFree) watch();
    },
    handsFree() {
      handsFree = true;
      // Still waiting for the microphone (a click is quicker than the permission): start() begins watching.
      if (stream && current && !stopped) watch();
    },
    finish() {
      if (stopped) return;
      stopped = true;
      const last = current;
      current = null;
      if (!last) return; // still waiting for permission: start() ends it
      last.recorder.stop();
      release();
      // Hands-free: what was said since the last pause goes into the composer, unsent; silence is dropped.
      if (handsFree && !voiced) {
        void last.done.then(() => (pending === 0 ? events.onEnd() : undefined));
        return;
      }
      void deliver(last.done, false);
    },
    cancel() {
      stopped = true;
      current?.recorder.stop();
      current = null;
      release();
    },
  };
}
