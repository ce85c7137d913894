import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { currentRequestId, withRequestContext } from '../lib/request-context';
import { endSpan, SpanKind, type SpanStarter } from '../lib/span';
import type { Tx } from '../lib/unit-of-work';
import { holdWorkerId, isDeadLocalWorker, liveWorkerIds, newWorkerId, releaseWorkerId } from '../lib/worker-identity';
import {
  type AnyJobDefinition,
  type JobContext,
  type JobDefinition,
  PermanentJobError,
  readPayload,
} from './define-job';
import type { JobRepository, JobRow } from './job.repository';
import { pruneEndedJob } from './prune-ended.job';
import { dueRuns } from './schedule';

export interface JobQueueOptions {
  leaseMs: number;
  pollMs: number;
  maxAttempts: number;
  concurrency: number;
  /** Multiplies every schedule's period (JOB_SCHEDULE_SCALE; 1 in production, small in tests). */
  scheduleScale?: number;
  /** With tracing on, each job run is a span (its model calls are traced under it). */
  tracing?: SpanStarter;
}

/** After an enqueue, an idle worker looks again this soon: the job commits with its caller's transaction. */
const FRESH_POLL_MS = 25;
const FRESH_WINDOW_MS = 1000;

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  // Renewed every third of it; short, so a dead replica's work moves on within about a minute.
  leaseMs: 30_000,
  pollMs: 1_000,
  maxAttempts: 3,
  concurrency: 4,
};

/**
 * An in-process worker over the DB-backed queue: polls, claims with a lease, runs the job's definition.
 * Restart-safe: on start, running jobs whose worker died (its lease expired, or its process on this machine is
 * gone) go back to the queue, or fail for good once tried `maxAttempts` times (a job that kills the server).
 * Scheduled definitions are enqueued here too, once per period across every replica on the database.
 */
export class JobQueue {
  private readonly definitions = new Map<string, AnyJobDefinition>();
  private timer: NodeJS.Timeout | undefined;
  private immediate = false;
  private ticking = false;
  /** The poll in progress, which stop() waits for: a claim it has in flight must not outlive the queue. */
  private currentTick: Promise<void> = Promise.resolve();
  private active = 0;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  private lastRequeue = 0;
  private lastEnqueue = 0;
  /** The last period key this replica saw enqueued, per schedule: each period is tried once per replica. */
  private readonly scheduled = new Map<string, string>();
  /** Aborted at stop(): handlers see it in their context. */
  private shutdown = new AbortController();
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
  ) {
    // The queue's own housekeeping: deleting jobs that ended long ago, hourly.
    this.register(pruneEndedJob(jobs, log));
  }

  /** Registers a job type once; a second definition of the same name is a wiring mistake. */
  register<P>(definition: JobDefinition<P>): void {
    if (this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is registered twice`);
    this.definitions.set(definition.name, definition as AnyJobDefinition);
  }

  /**
   * Enqueues a job inside the caller's transaction, so the change and the job it needs commit (or roll back)
   * together. The payload is checked against the definition now, not only when the job runs.
   */
  async enqueue<P>(tx: Tx, definition: JobDefinition<P>, payload: P): Promise<string> {
    if (this.definitions.get(definition.name) !== definition) {
      throw new Error(`Job ${definition.name} is not registered on this queue`);
    }
    // The request that asked for it (if any) is kept with the job: the job's log lines name it when it runs.
    const id = await this.jobs.enqueue(definition.name, definition.payload.parse(payload), tx, currentRequestId());
    this.lastEnqueue = Date.now();
    this.poke();
    return id;
  }

  /** The job's row (to follow it: status, progress, error). */
  get = (id: string): Promise<JobRow | undefined> => this.jobs.get(id);

  /** Queued and running jobs by type and the age of the oldest (the metrics' queue depth). */
  backlog = () => this.jobs.backlog();

  async start(): Promise<void> {
    this.stopped = false;
    this.shutdown = new AbortController();
    holdWorkerId(this.workerId);
    this.lastRequeue = Date.now();
    await this.recoverAbandoned();
    await this.enqueueScheduled(true);
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

  /** Stops claiming, tells running handlers (their signal) and waits for them; interrupted jobs stay queued. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.shutdown.abort(new Error('shutdown'));
    await this.currentTick;
    await Promise.allSettled([...this.inFlight]);
    releaseWorkerId(this.workerId);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs).unref();
  }

  private tick(): Promise<void> {
    if (this.stopped || this.ticking) return Promise.resolve();
    this.ticking = true;
    this.currentTick = this.poll();
    return this.currentTick;
  }

  private async poll(): Promise<void> {
    try {
      await this.requeueAbandoned();
      await this.enqueueScheduled(false);
      while (!this.stopped && this.active < this.options.concurrency) {
        const job = await this.jobs.claim(this.options.leaseMs, this.workerId);
        if (!job) break;
        if (this.stopped) {
          // Claimed while the queue was stopping: back to the queue at once, the attempt not counted.
          await this.jobs.release(job.id, job.attempts).catch(() => undefined);
          break;
        }
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
    // A job enqueued in a transaction that had not committed at the poke is picked up moments later.
    const fresh = Date.now() - this.lastEnqueue < FRESH_WINDOW_MS;
    if (!this.stopped) this.schedule(fresh ? FRESH_POLL_MS : this.options.pollMs);
  }

  /**
   * Every replica offers each due period's run under the same key; the unique index keeps one. A replica
   * tries each period once, so the steady state costs no query per poll.
   */
  private async enqueueScheduled(startingUp: boolean): Promise<void> {
    const scale = this.options.scheduleScale ?? 1;
    for (const definition of this.definitions.values()) {
      if (!definition.schedule) continue;
      for (const run of dueRuns(definition.name, definition.schedule, scale, Date.now(), startingUp)) {
        if (this.scheduled.get(run.slot) === run.key) continue;
        if (run.unlessKey && (await this.jobs.hasKey(run.unlessKey))) continue;
        if (await this.jobs.enqueueOnce(definition.name, {}, run.key)) {
          this.log.info({ job: definition.name, key: run.key }, 'scheduled job enqueued');
        }
        this.scheduled.set(run.slot, run.key);
        this.lastEnqueue = Date.now();
      }
    }
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
      const definition = this.definitions.get(job.type);
      try {
        await definition?.onGiveUp?.(readPayload(definition, job.payload), job.error ?? '', {
          abandoned: true,
          attempts: job.attempts,
        });
      } catch (error) {
        this.log.warn({ err: error, jobId: job.id }, 'reporting a given-up job failed');
      }
    }
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
    const definition = this.definitions.get(job.type);
    let payload: unknown;
    const lease = this.holdLease(job);
    let finished = false;
    const context: JobContext = {
      job,
      signal: this.shutdown.signal,
      finishWith: async (tx) => {
        await this.jobs.finish(job.id, job.attempts, tx);
        finished = true;
      },
      progress: (value) => this.jobs.progress(job.id, job.attempts, JSON.stringify(value)),
    };
    try {
      if (!definition) throw new PermanentJobError(`No handler for job type ${job.type}`);
      payload = readPayload(definition, job.payload);
      if (payload === undefined) throw new PermanentJobError(`Invalid payload for job ${job.type}`);
      const requestId = job.request_id ?? undefined;
      this.log.info({ jobId: job.id, type: job.type, attempt: job.attempts, reqId: requestId }, 'job started');
      // The handler runs as part of the request that enqueued it: its model calls log that request's id too.
      const handled = definition.handler;
      const span = this.options.tracing?.start(`job ${job.type}`, {
        kind: SpanKind.CONSUMER,
        attributes: {
          'hearth.job.id': job.id,
          'hearth.job.attempt': job.attempts,
          'hearth.request_id': requestId ?? '',
        },
      });
      try {
        await withRequestContext({ requestId, span }, () => handled(payload, context));
        endSpan(span);
      } catch (error) {
        endSpan(span, error);
        throw error;
      }
      clearInterval(lease);
      // finishWith's transaction may have rolled back: only a job really done is left alone.
      if (!finished || !(await this.isDone(job))) await this.jobs.finish(job.id, job.attempts);
    } catch (error) {
      clearInterval(lease);
      await this.failed(job, definition, payload, error, finished);
    }
  }

  private async failed(
    job: JobRow,
    definition: AnyJobDefinition | undefined,
    payload: unknown,
    error: unknown,
    finished: boolean,
  ): Promise<void> {
    if (finished && (await this.isDone(job).catch(() => false))) {
      // The job's work committed with it; what failed after that is reported, not retried.
      this.log.warn({ err: error, jobId: job.id, type: job.type }, 'job failed after it finished');
      return;
    }
    if (this.shutdown.signal.aborted) {
      // Stopped by this replica's shutdown, not by its own fault: back to the queue, the attempt not counted.
      await this.jobs.release(job.id, job.attempts).catch(() => undefined);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const maxAttempts = definition?.retries ?? this.options.maxAttempts;
    const permanent = error instanceof PermanentJobError || job.attempts >= maxAttempts;
    // Exponential backoff: 2 s, 4 s, 8 s ... by default.
    const retryIn = (definition?.backoffMs ?? 1000) * 2 ** job.attempts;
    await this.jobs.fail(job.id, message, permanent ? null : retryIn, job.attempts).catch(() => undefined);
    if (permanent) {
      await definition
        ?.onGiveUp?.(payload, message, { abandoned: false, attempts: job.attempts })
        .catch(() => undefined);
    }
    this.log.warn({ err: error, jobId: job.id, type: job.type, reqId: job.request_id ?? undefined }, 'job failed');
  }

  private async isDone(job: JobRow): Promise<boolean> {
    const row = await this.jobs.get(job.id);
    return row?.status === 'done' && row.attempts === job.attempts;
  }
}
