/**
 * A small pool of worker threads that read files (extraction-worker.ts), so parsing and OCR never run on the
 * server's main thread. Each file gets a worker with its own heap cap and a hard deadline: a file that runs too
 * long, exhausts the heap or crashes its parser ends that worker and its own task with an ExtractionError; the
 * worker is replaced and the server keeps answering.
 */
import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { ExtractedDocument, ExtractionLimits } from './extract-document';
import { ExtractionError, timeoutError } from './extract-text';
import type { ExtractionReply, ExtractionRequest } from './extraction-worker';

/** Enough for a 10 MB office file or PDF with room to spare; a file that needs more is refused, not the server. */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
};
export const DEFAULT_EXTRACTION_WORKERS = Math.min(2, availableParallelism());
/** An idle worker stays warm this long (the next upload skips loading the parsers), then its memory is freed. */
const IDLE_MS = 60_000;
/** Files one worker reads before it is replaced, so whatever the parsers cache or leak is dropped now and then. */
const TASKS_PER_WORKER = 100;

const OUT_OF_MEMORY = 'The file needed more memory to read than allowed.';
const CRASHED = 'The file crashed the extractor.';

/**
 * The worker entry next to this module: extraction-worker.js in the bundle (scripts/build-server.mjs builds it
 * beside main.js), extraction-worker.ts when the server runs from source (tsx in dev and e2e, Vitest in tests).
 */
const DEFAULT_SCRIPT = new URL(
  import.meta.url.endsWith('.ts') ? './extraction-worker.ts' : './extraction-worker.js',
  import.meta.url,
);

export interface ExtractionPoolOptions {
  /** Files read at once; more wait their turn. */
  size?: number;
  resourceLimits?: ResourceLimits;
  idleMs?: number;
  /** The worker entry; it must speak extraction-worker.ts's messages. */
  script?: URL;
}

interface Task {
  id: number;
  data: Buffer;
  fileName: string;
  limits: ExtractionLimits;
  resolve(document: ExtractedDocument): void;
  reject(error: ExtractionError): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  served: number;
  deadline?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** What the worker died of, when it emitted an error before exiting. */
  error?: Error;
}

/**
 * Starts a worker on `script`. TypeScript sources need tsx's loader; a worker does not inherit Vitest's transform,
 * and `--import tsx` in a worker's execArgv is not honoured on Node 20, so a two-line bootstrap registers tsx first.
 */
function startWorker(script: URL, resourceLimits: ResourceLimits): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script, { resourceLimits });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const boot = `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(boot, { eval: true, execArgv: [], resourceLimits });
}

export class ExtractionPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 0;
  private size: number;
  private readonly resourceLimits: ResourceLimits;
  private readonly idleMs: number;
  private readonly script: URL;

  constructor(options: ExtractionPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? DEFAULT_EXTRACTION_WORKERS);
    this.resourceLimits = options.resourceLimits ?? WORKER_RESOURCE_LIMITS;
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.script = options.script ?? DEFAULT_SCRIPT;
  }

  /** Changes how many files are read at once; busy workers beyond the new size finish their file first. */
  resize(size: number): void {
    this.size = Math.max(1, size);
    this.pump();
  }

  /** Reads one file in a worker. The deadline (limits.timeoutMs) starts when a worker takes the file. */
  extract(data: Buffer, fileName: string, limits: ExtractionLimits): Promise<ExtractedDocument> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: (this.nextId += 1), data, fileName, limits, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker; waiting and running files end with an error. The pool starts afresh if used again. */
  async close(): Promise<void> {
    const stopped = new ExtractionError('Extraction stopped: the server is shutting down.');
    for (const task of this.queue.splice(0)) task.reject(stopped);
    await Promise.all([...this.slots].map((slot) => this.retire(slot, stopped)));
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.task);
      if (!slot) break;
      this.assign(slot, this.queue.shift() as Task);
    }
    const starting = this.slots.filter((slot) => !slot.ready).length;
    for (let more = this.queue.length - starting; more > 0 && this.slots.length < this.size; more -= 1) this.spawn();
  }

  private spawn(): void {
    const slot: Slot = { worker: startWorker(this.script, this.resourceLimits), ready: false, task: null, served: 0 };
    this.slots.push(slot);
    slot.worker.on('message', (reply: ExtractionReply) => this.onReply(slot, reply));
    slot.worker.on('error', (error) => (slot.error = error));
    slot.worker.on('exit', () => this.onExit(slot));
  }

  private assign(slot: Slot, task: Task): void {
    clearTimeout(slot.idle);
    slot.task = task;
    slot.served += 1;
    slot.worker.ref();
    // One copy into a buffer of its own, then a transfer: the caller keeps its Buffer (it may store it next).
    const data = new Uint8Array(task.data.byteLength);
    data.set(task.data);
    const { id, fileName, limits } = task;
    slot.deadline = setTimeout(() => void this.retire(slot, timeoutError(limits.timeoutMs)), limits.timeoutMs);
    const request: ExtractionRequest = { id, data, fileName, limits };
    slot.worker.postMessage(request, [data.buffer]);
  }

  private onReply(slot: Slot, reply: ExtractionReply): void {
    if (reply.type === 'ready') slot.ready = true;
    else {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      clearTimeout(slot.deadline);
      slot.task = null;
      if (reply.type === 'done') task.resolve(reply.document);
      else task.reject(new ExtractionError(reply.error.message, reply.error.empty, reply.error.code));
    }
    // A worker that gave up on time may still run what could not be stopped; it is not trusted with another file.
    const timedOut = reply.type === 'failed' && reply.error.code === 'timeout';
    if (timedOut || slot.served >= TASKS_PER_WORKER || this.slots.indexOf(slot) >= this.size) void this.retire(slot);
    this.pump();
    if (!slot.task && this.slots.includes(slot)) this.rest(slot);
  }

  /** An idle worker never keeps the process alive, and goes after a while without work. */
  private rest(slot: Slot): void {
    slot.worker.unref();
    slot.idle = setTimeout(() => void this.retire(slot), this.idleMs);
    slot.idle.unref();
  }

  /** Stops a worker on purpose (deadline, idle, recycling, close); its file, if any, ends with `reason`. */
  private async retire(slot: Slot, reason = new ExtractionError(CRASHED)): Promise<void> {
    this.forget(slot);
    slot.task?.reject(reason);
    slot.task = null;
    this.pump();
    await slot.worker.terminate();
  }

  /** A worker that died by itself: its file ends with the cause; a worker that never started fails the queue. */
  private onExit(slot: Slot): void {
    if (!this.forget(slot)) return;
    const error = slot.error as (Error & { code?: string }) | undefined;
    if (slot.task) {
      const outOfMemory = error?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      slot.task.reject(
        outOfMemory ? new ExtractionError(OUT_OF_MEMORY, false, 'too_large') : new ExtractionError(CRASHED),
      );
    } else if (!slot.ready) {
      // Without this, a worker that cannot even load would be restarted forever for the same waiting files.
      const cause = error?.message ?? 'it stopped while starting';
      const failure = new ExtractionError(`The extractor could not start (${cause}).`);
      for (const task of this.queue.splice(0)) task.reject(failure);
    }
    this.pump();
  }

  /** Takes the slot out of the pool; false when it was already out (retired before it exited). */
  private forget(slot: Slot): boolean {
    clearTimeout(slot.deadline);
    clearTimeout(slot.idle);
    const index = this.slots.indexOf(slot);
    if (index < 0) return false;
    this.slots.splice(index, 1);
    return true;
  }
}

/** The server's one pool (extractDocument uses it); app.ts sizes it from EXTRACTION_WORKERS and closes it. */
export const extractionPool = new ExtractionPool();
