import { useSyncExternalStore } from 'react';

/** Spec §4: the chosen model is kept in local storage and restored when it is still installed. */
export const SELECTED_MODEL_KEY = 'selectedModel';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_MODEL_KEY);
  } catch {
    return null;
  }
}

let current: string | null = typeof window === 'undefined' ? null : read();

export function getSavedModel(): string | null {
  return current;
}

export function saveSelectedModel(name: string): void {
  current = name;
  try {
    window.localStorage.setItem(SELECTED_MODEL_KEY, name);
  } catch {
    // Storage unavailable: the choice lasts for this page.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSavedModel = (): string | null => useSyncExternalStore(subscribe, getSavedModel, getSavedModel);
