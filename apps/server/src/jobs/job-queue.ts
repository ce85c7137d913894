import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../lib/unit-of-work';
import { holdWorkerId, isDeadLocalWorker, liveWorkerIds, newWorkerId, releaseWorkerId } from '../lib/worker-identity';
import type { JobRepository, JobRow } from './job.repository';

/** What a running handler may do with its own job. */
export interface JobControl {
  /**
   * Marks the job done inside the handler's own last unit of work, so its result and the job's end commit
   * together (one write less per job); the queue then does not finish it again.
   */
  finishWith(tx: Tx): Promise<void>;
}

/** Why a job failed for good: its handler failed, or its worker died (crashed, killed) on every attempt. */
export interface GiveUpReason {
  /** The worker stopped while running it each time (e.g. the job crashes the server), rather than the handler failing. */
  abandoned: boolean;
  attempts: number;
}

/** A job handler; throwing retries with backoff until `maxAttempts`, `PermanentJobError` fails at once. */
export interface JobHandler {
  run(payload: unknown, job: JobRow, control: JobControl): Promise<void>;
  /** Called once when the job has failed for good. */
  onGiveUp?(payload: unknown, error: string, reason: GiveUpReason): Promise<void>;
}

export class PermanentJobError extends Error {}

export interface JobQueueOptions {
  leaseMs: number;
  pollMs: number;
  maxAttempts: number;
  concurrency: number;
}

const DAY_MS = 86_400_000;
/** Ended jobs are kept this long (done) and longer (failed, for looking into), then deleted. */
export const KEEP_DONE_JOBS_MS = 7 * DAY_MS;
export const KEEP_FAILED_JOBS_MS = 30 * DAY_MS;
const PRUNE_EVERY_MS = 3_600_000;

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  // Renewed every third of it; short, so a dead replica's work moves on within about a minute.
  leaseMs: 30_000,
  pollMs: 1_000,
  maxAttempts: 3,
  concurrency: 4,
};

/**
 * An in-process worker over the DB-backed queue: polls, claims with a lease, runs the handler by type.
 * Restart-safe: on start, running jobs whose worker died (its lease expired, or its process on this machine is
 * gone) go back to the queue, or fail for good once tried `maxAttempts` times (a job that kills the server).
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private immediate = false;
  private ticking = false;
  private active = 0;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  private lastRequeue = 0;
  private lastPrune = 0;
  /** Names this worker in the jobs it claims (host, process, and a random part for several per process). */
  readonly workerId = newWorkerId();
  /**
   * The worker loop runs in the async context the queue was built in, never in that of whoever poked it: a poke
   * from inside a unit of work must not make the handlers it wakes join that request's transaction.
   */
  private readonly ownContext = new AsyncResource('JobQueue');

  constructor(
    private readonly jobs: JobRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions = DEFAULT_JOB_QUEUE_OPTIONS,
  ) {}

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  async start(): Promise<void> {
    this.stopped = false;
    holdWorkerId(this.workerId);
    this.lastRequeue = Date.now();
    await this.recoverAbandoned();
    this.poke();
  }

  /** Wakes the worker now (after an enqueue) instead of at the next poll; bursts collapse into one wake-up. */
  poke(): void {
    if (this.stopped || this.immediate) return;
    this.immediate = true;
    setImmediate(() => {
      this.immediate = false;
      this.ownContext.runInAsyncScope(() => void this.tick());
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
    releaseWorkerId(this.workerId);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    try {
      await this.requeueAbandoned();
      await this.pruneEnded();
      while (!this.stopped && this.active < this.options.concurrency) {
        const job = await this.jobs.claim(this.options.leaseMs, this.workerId);
        if (!job) break;
        this.active += 1;
        const run = this.execute(job).finally(() => {
          this.active -= 1;
          this.inFlight.delete(run);
          this.poke();
        });
        this.inFlight.add(run);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'job claim failed');
    } finally {
      this.ticking = false;
    }
    if (!this.stopped) this.schedule(this.options.pollMs);
  }

  /**
   * Another replica may have died holding a job: once its lease has run out the job goes back to the queue,
   * checked every half lease (not only at start-up, so a live replica takes over a dead one's work).
   */
  private async requeueAbandoned(): Promise<void> {
    if (Date.now() - this.lastRequeue < this.options.leaseMs / 2) return;
    this.lastRequeue = Date.now();
    await this.recoverAbandoned();
  }

  /**
   * Jobs of dead workers: those whose lease ran out, and at once those of a process on this machine that no
   * longer exists (after a crash and restart, without waiting for the lease). A live sibling keeps its jobs.
   */
  private async recoverAbandoned(): Promise<void> {
    const dead = (await this.jobs.runningWorkers()).filter((worker) => isDeadLocalWorker(worker));
    // A worker of this very process whose renewal is late (a busy event loop) is alive: its job is not taken.
    const { requeued, givenUp } = await this.jobs.recoverAbandoned(this.options.maxAttempts, {
      dead,
      live: liveWorkerIds(),
    });
    if (requeued > 0) this.log.info({ requeued }, 'requeued jobs whose worker stopped');
    for (const job of givenUp) {
      this.log.warn(
        { jobId: job.id, type: job.type, attempts: job.attempts },
        'job given up: its worker died on every attempt',
      );
      const handler = this.handlers.get(job.type);
      try {
        await handler?.onGiveUp?.(JSON.parse(job.payload), job.error ?? '', {
          abandoned: true,
          attempts: job.attempts,
        });
      } catch (error) {
        this.log.warn({ err: error, jobId: job.id }, 'reporting a given-up job failed');
      }
    }
  }

  /** Hourly, the jobs that ended long ago are deleted (harmless when several replicas do it). */
  private async pruneEnded(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const now = Date.now();
    const pruned = await this.jobs.pruneEnded(
      new Date(now - KEEP_DONE_JOBS_MS).toISOString(),
      new Date(now - KEEP_FAILED_JOBS_MS).toISOString(),
    );
    if (pruned > 0) this.log.info({ pruned }, 'deleted jobs that ended long ago');
  }

  /** Keeps the lease of a running job fresh, so a long job is never taken over while its worker lives. */
  private holdLease(job: JobRow): NodeJS.Timeout {
    const renew = setInterval(
      () => {
        this.jobs.renew(job.id, job.attempts, this.options.leaseMs).then(
          (held) => {
            if (!held) this.log.warn({ jobId: job.id }, 'job lease lost: another worker took the job over');
          },
          (error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'job lease renewal failed'),
        );
      },
      Math.max(250, this.options.leaseMs / 3),
    );
    renew.unref();
    return renew;
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.type);
    let payload: unknown;
    const lease = this.holdLease(job);
    let finished = false;
    const control: JobControl = {
      finishWith: async (tx) => {
        await this.jobs.finish(job.id, job.attempts, tx);
        finished = true;
      },
    };
    try {
      payload = JSON.parse(job.payload);
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`);
      await handler.run(payload, job, control);
      clearInterval(lease);
      // finishWith's transaction may have rolled back: only a job really done is left alone.
      if (!finished || !(await this.isDone(job))) await this.jobs.finish(job.id, job.attempts);
    } catch (error) {
      clearInterval(lease);
      if (finished && (await this.isDone(job).catch(() => false))) {
        // The job's work committed with it; what failed after that is reported, not retried.
        this.log.warn({ err: error, jobId: job.id, type: job.type }, 'job failed after it finished');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError || job.attempts >= this.options.maxAttempts;
      // Exponential backoff: 2 s, 4 s, 8 s ...
      await this.jobs
        .fail(job.id, message, permanent ? null : 1000 * 2 ** job.attempts, job.attempts)
        .catch(() => undefined);
      if (permanent) {
        await handler
          ?.onGiveUp?.(payload, message, { abandoned: false, attempts: job.attempts })
          .catch(() => undefined);
      }
      this.log.warn({ err: error, jobId: job.id, type: job.type }, 'job failed');
    }
  }

  private async isDone(job: JobRow): Promise<boolean> {
    const row = await this.jobs.get(job.id);
    return row?.status === 'done' && row.attempts === job.attempts;
  }
}
