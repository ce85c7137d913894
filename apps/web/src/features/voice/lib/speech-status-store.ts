import type { SpeechStatus } from '@hearth/contract';
import { useSyncExternalStore } from 'react';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * Whether the server transcribes and reads aloud, fetched once per page (and again after an admin saves the
 * settings). A tiny store rather than a query: every answer's action row and the composer read it, also in
 * places rendered without a QueryClient. Unknown (not yet loaded) is null; a failure reads as "not configured".
 */
const OFF: SpeechStatus = { transcription: false, speech: false };
let status: SpeechStatus | null = null;
let loading = false;
const listeners = new Set<() => void>();

function load(): void {
  if (loading) return;
  loading = true;
  api
    .get<SpeechStatus>(apiPaths.voice.status)
    .then(
      (value) => ({ transcription: value?.transcription === true, speech: value?.speech === true }),
      () => OFF,
    )
    .then((value) => {
      status = value;
      loading = false;
      for (const listener of listeners) listener();
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (status === null) load();
  return () => listeners.delete(listener);
}

/** Re-reads the status (after the admin changed the speech runtime). */
export function refreshSpeechStatus(): void {
  load();
}

/** The server's speech status; null until it is known. */
export const useSpeechStatus = (): SpeechStatus | null =>
  useSyncExternalStore(
    subscribe,
    () => status,
    () => null,
  );
