import { useSyncExternalStore } from 'react';

/** Which app-wide dialog is open: the Ctrl/Cmd+K palette or the shortcut help (opened by keys and the user menu). */
export type ShortcutDialog = 'palette' | 'help' | null;

let open: ShortcutDialog = null;
const listeners = new Set<() => void>();

export function setShortcutDialog(next: ShortcutDialog): void {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useShortcutDialog = (): ShortcutDialog => useSyncExternalStore(subscribe, () => open);
