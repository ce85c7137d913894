import type { JobSchedule } from './define-job';

/** Replicas starting within this (or the scaled period, if shorter) run a start-up run once between them. */
const STARTUP_WINDOW_MS = 10 * 60_000;

export interface ScheduledRun {
  /** What this replica remembers having offered (one per schedule, one per start-up run). */
  slot: string;
  /** The job's dedupe key: the same on every replica for the same period. */
  key: string;
  /** A start-up run: skipped when this key exists (the window before: a replica that started moments ago). */
  unlessKey?: string;
}

const slotStart = (now: number, lengthMs: number) => new Date(Math.floor(now / lengthMs) * lengthMs).toISOString();

/**
 * The runs a schedule asks for at `now`: the current period's (periods aligned to the epoch, so every replica
 * computes the same key without talking to the others), and at start-up the start-up window's. Periods are
 * multiplied by `scale` (JOB_SCHEDULE_SCALE), never below 1 ms.
 */
export function dueRuns(
  name: string,
  schedule: JobSchedule,
  scale: number,
  now: number,
  startingUp: boolean,
): ScheduledRun[] {
  const every = Math.max(1, Math.round(schedule.everyMs * scale));
  const runs: ScheduledRun[] = [{ slot: name, key: `${name}@${slotStart(now, every)}` }];
  if (startingUp && schedule.atStartup) {
    // Not scaled below the period's own length: replica processes starting together in a test stay in one window.
    const window = Math.max(1, Math.round(Math.min(schedule.everyMs * scale, STARTUP_WINDOW_MS)));
    runs.push({
      slot: `${name}@start`,
      key: `${name}@start@${slotStart(now, window)}`,
      unlessKey: `${name}@start@${slotStart(now - window, window)}`,
    });
  }
  return runs;
}
