import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * The machine part of a worker id. Process ids only mean something inside one PID namespace: two containers
 * can share a hostname (host networking) while each has its own pid 1, so the namespace is part of the name
 * where Linux tells it. Neither a hostname nor the suffix contains ':', which keeps `:${pid}:` findable.
 */
const MACHINE = (() => {
  try {
    const namespace = readlinkSync('/proc/self/ns/pid').replace(/\D/g, '');
    return namespace ? `${hostname()}~${namespace}` : hostname();
  } catch {
    return hostname();
  }
})();

/** Ids of the workers alive in this process (a process may run several, e.g. in tests). */
const live = new Set<string>();

/** A new worker id, `${machine}:${pid}:${random}`: who holds a job, or who is writing an answer. */
export function newWorkerId(): string {
  return `${MACHINE}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Marks a worker of this process as alive (until released), so that nobody here treats its work as orphaned. */
export function holdWorkerId(id: string): void {
  live.add(id);
}

export function releaseWorkerId(id: string): void {
  live.delete(id);
}

/** The workers alive in this process: their work is never orphaned, however late a lease renewal runs. */
export function liveWorkerIds(): string[] {
  return [...live];
}

/**
 * True only when the worker certainly is gone: it ran on this machine and its process no longer exists
 * (ESRCH), or it ran in this very process (same pid after a restart in a container, or a closed instance)
 * and was released. Anything else (another machine, a live or unknown process) is left to its lease.
 */
export function isDeadLocalWorker(id: string | null): boolean {
  const parts = id?.split(':') ?? [];
  if (parts.length !== 3 || parts[0] !== MACHINE) return false;
  const pid = Number(parts[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return !live.has(id ?? '');
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; only "no such process" means dead.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
