import { z } from 'zod';
import { type AnyJobDefinition, defineJob } from './define-job';

const HOUR_MS = 3_600_000;

/** What the hourly sweeps clear: each a job of its own, so one failing does not hold back the others. */
export interface Sweeps {
  /** Sessions past their expiry (they no longer sign anyone in). */
  sessions: { deleteExpired(): Promise<void> };
  /** Rate-limit windows that have ended. */
  rateLimits: { deleteExpired(): Promise<void> };
  /** Chat attachments uploaded but never sent, and their files. */
  attachments: { sweepUnsent(): Promise<void> };
}

const hourly = (name: string, sweep: () => Promise<void>): AnyJobDefinition =>
  defineJob({ name, payload: z.object({}), schedule: { everyMs: HOUR_MS }, handler: sweep });

/** The hourly clean-ups, each run once per hour across all replicas (registered in app.ts). */
export function sweepJobs({ sessions, rateLimits, attachments }: Sweeps): AnyJobDefinition[] {
  return [
    hourly('sweep.sessions', () => sessions.deleteExpired()),
    hourly('sweep.rate-limits', () => rateLimits.deleteExpired()),
    hourly('sweep.unsent-attachments', () => attachments.sweepUnsent()),
  ];
}
