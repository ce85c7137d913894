/**
 * Delete with undo (issue 17): a deleted chat leaves the lists at once, but the delete is only sent when the undo
 * window lapses. If the page is closed meanwhile, it is sent then, with keepalive, so it is never lost; Undo
 * simply cancels it, so nothing has to be restored on the server.
 */
export const UNDO_WINDOW_MS = 6000;

type Commit = (ids: string[], keepalive: boolean) => Promise<unknown>;

interface Pending {
  ids: string[];
  timer: ReturnType<typeof setTimeout>;
  commit: Commit;
  onFailed?: () => void;
}

const pending = new Map<number, Pending>();
let hidden: ReadonlySet<string> = new Set();
let nextKey = 1;
let unloadHooked = false;
const listeners = new Set<() => void>();

function setHidden(next: ReadonlySet<string>): void {
  hidden = next;
  listeners.forEach((listener) => listener());
}

function send(key: number, keepalive: boolean): void {
  const entry = pending.get(key);
  if (!entry) return;
  pending.delete(key);
  clearTimeout(entry.timer);
  entry.commit(entry.ids, keepalive).catch(() => {
    // The chats were not deleted: show them again and say so.
    setHidden(new Set([...hidden].filter((id) => !entry.ids.includes(id))));
    entry.onFailed?.();
  });
}

/** Sends every delete still waiting (the page is going away). */
export function flushPendingDeletes(): void {
  for (const key of [...pending.keys()]) send(key, true);
}

/** Hides the chats now and deletes them after the undo window; returns Undo. */
export function scheduleDelete(ids: string[], commit: Commit, onFailed?: () => void): () => void {
  if (!unloadHooked && typeof window !== 'undefined') {
    window.addEventListener('pagehide', flushPendingDeletes);
    unloadHooked = true;
  }
  const key = nextKey++;
  const timer = setTimeout(() => send(key, false), UNDO_WINDOW_MS);
  pending.set(key, { ids, timer, commit, onFailed });
  setHidden(new Set([...hidden, ...ids]));
  return () => {
    const entry = pending.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(key);
    setHidden(new Set([...hidden].filter((id) => !ids.includes(id))));
  };
}

export const subscribeHidden = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chats waiting to be deleted (hidden from every list). */
export const getHidden = (): ReadonlySet<string> => hidden;
