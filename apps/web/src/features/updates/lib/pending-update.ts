import { z } from 'zod';
import { readStored, removeStored, writeStored } from '../../../lib/local-storage';

/** Where Update Now leaves the version it is installing, for the next start to finish (spec §4). */
export const PENDING_UPDATE_KEY = 'hearth.pending-update';
/** A pending update older than this was abandoned (the page never came back): forget it quietly. */
export const PENDING_UPDATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const PendingUpdate = z.object({ version: z.string(), userId: z.string(), requestedAt: z.number() });
export type PendingUpdate = z.infer<typeof PendingUpdate>;

export function storePendingUpdate(version: string, userId: string, now = Date.now()): void {
  writeStored(PENDING_UPDATE_KEY, { version, userId, requestedAt: now } satisfies PendingUpdate);
}

/** The update this user started before the reload, if any; stale or unreadable entries are removed. */
export function takePendingUpdate(userId: string, now = Date.now()): PendingUpdate | null {
  const pending = readStored<PendingUpdate | null>(PENDING_UPDATE_KEY, PendingUpdate.nullable(), null);
  if (!pending) {
    removeStored(PENDING_UPDATE_KEY);
    return null;
  }
  // Another account started it in this browser: leave it for them.
  if (pending.userId !== userId) return null;
  removeStored(PENDING_UPDATE_KEY);
  return now - pending.requestedAt > PENDING_UPDATE_MAX_AGE_MS ? null : pending;
}
