import type { z } from 'zod';
import type { Tx } from '../lib/unit-of-work';
import type { JobRow } from './job.repository';

/** What a running handler gets besides its payload. */
export interface JobContext {
  /** The job's row as claimed (attempts counts this run). */
  job: JobRow;
  /**
   * Marks the job done inside the handler's own last unit of work, so its result and the job's end commit
   * together; the queue then does not finish it again (fenced: a worker that lost the job changes nothing).
   */
  finishWith(tx: Tx): Promise<void>;
  /** Records how far the job is (any JSON), for whoever follows it by polling the job. */
  progress(value: unknown): Promise<void>;
  /** Aborted when this replica shuts down: stop, keep what is resumable; the job is taken up again later. */
  signal: AbortSignal;
}

/** Why a job failed for good: its handler failed, or its worker died (crashed, killed) on every attempt. */
export interface GiveUpReason {
  /** The worker stopped while running it each time (e.g. the job crashes the server), rather than the handler failing. */
  abandoned: boolean;
  attempts: number;
}

/**
 * A recurring job: enqueued once per period across every replica on the database (a unique key per period),
 * so each period runs exactly once whatever the number of replicas. Periods are aligned to the epoch (hourly
 * runs on the hour, daily at 00:00 UTC) and scaled by JOB_SCHEDULE_SCALE (tests make them short).
 */
export interface JobSchedule {
  everyMs: number;
  /**
   * Also run once when the first replica starts (once per start-up window of min(scaled period, 10 min) across
   * replicas), not only at the next period boundary.
   */
  atStartup?: boolean;
}

/** A job type, defined once: its name, payload schema, handler and retry and schedule policy. */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  handler(payload: P, context: JobContext): Promise<void>;
  /** Called once when the job has failed for good (the payload is undefined when it did not parse). */
  onGiveUp?(payload: P | undefined, error: string, reason: GiveUpReason): Promise<void>;
  /** Attempts before it fails for good (the queue's default otherwise). */
  retries?: number;
  /** The first retry's delay, doubled on each further one (1 s by default: 2 s, 4 s, 8 s ...). */
  backoffMs?: number;
  schedule?: JobSchedule;
}

/** A definition of any payload type, as the queue keeps them (handlers are methods: bivariant in the payload). */
export type AnyJobDefinition = JobDefinition<unknown>;

/** Defines a job type; the queue it is registered on validates payloads with `payload` before the handler runs. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** A handler that throws this fails at once, without retries. */
export class PermanentJobError extends Error {}

/** A stored payload as its definition reads it, or undefined when it does not (bad JSON or the wrong shape). */
export function readPayload(definition: AnyJobDefinition, text: string): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = definition.payload.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
