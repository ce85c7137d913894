import type { DictationError } from './dictation-text';

/** What an engine reports while it listens (the hook turns these into state). */
export interface DictationEvents {
  /** Recognised text: appended to the composer, and sent too when `send` (hands-free, after a pause). */
  onText(text: string, send: boolean): void;
  /** What is heard so far and not final yet (browser recognition only). */
  onInterim(text: string): void;
  onPhase(phase: 'listening' | 'transcribing'): void;
  onError(error: DictationError, detail?: string): void;
  /** Listening is over and every recording is transcribed. */
  onEnd(): void;
}

/**
 * One dictation, from the first press to the end: push-to-talk until `handsFree()` switches it to keep listening
 * (each pause then sends what was said), until `finish()` (the rest goes into the composer, unsent) or
 * `cancel()` (dropped).
 */
export interface DictationEngine {
  start(): Promise<void>;
  handsFree(): void;
  finish(): void;
  cancel(): void;
}
