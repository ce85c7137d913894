import type * as NodeLlamaCpp from 'node-llama-cpp';
import type { Llama, LlamaContext, LlamaContextSequence, LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';

export type NodeLlama = typeof NodeLlamaCpp;

export interface LlamaRuntimeOptions {
  gpu: 'auto' | 'false' | 'cuda' | 'vulkan' | 'metal';
  threads: number;
  contextSize: number;
  /** Sequences per loaded model: requests beyond this wait for a free one. */
  parallel: number;
  /** Unload a model this long after its last use; 0 keeps it loaded. */
  idleUnloadMs: number;
  onWarning?: (message: string, error?: unknown) => void;
}

interface Loaded {
  model: LlamaModel;
  context: Promise<LlamaContext> | null;
  embedding: Promise<LlamaEmbeddingContext> | null;
  users: number;
  /** Sequences made so far (up to `parallel`), and those not in use. Reused, never disposed early. */
  created: number;
  free: LlamaContextSequence[];
  waiting: ((sequence: LlamaContextSequence) => void)[];
  idleTimer: NodeJS.Timeout | null;
}

export interface GpuState {
  available: boolean;
  name: string | null;
  vram_total_mb: number | null;
  vram_used_mb: number | null;
}

const MB = 1024 * 1024;

/**
 * When the next token is evaluated. node-llama-cpp waits for the next event-loop turn by default, so tokens of
 * several busy sequences go out in one batch; with one sequence busy there is nothing to wait for, and the
 * wait would put the rest of that turn's work (streaming the previous token to its reader) in front of the
 * evaluation instead of beside it. One busy sequence is dispatched at once (as a context with a single
 * sequence does), several at the next turn.
 */
function dispatchFor(loaded: Loaded, dispatch: () => void): void {
  if (loaded.created - loaded.free.length <= 1) queueMicrotask(dispatch);
  else setImmediate(dispatch);
}

/**
 * node-llama-cpp, loaded lazily on first use (an idle server must not hold the native runtime), with one
 * context per model split into `parallel` sequences, and models unloaded after a quiet period.
 */
export class LlamaRuntime {
  private module: Promise<NodeLlama> | null = null;
  private llamaPromise: Promise<Llama> | null = null;
  private readonly models = new Map<string, Promise<Loaded>>();

  constructor(private readonly options: LlamaRuntimeOptions) {}

  lib(): Promise<NodeLlama> {
    this.module ??= import('node-llama-cpp');
    return this.module;
  }

  get started(): boolean {
    return this.llamaPromise !== null;
  }

  llama(): Promise<Llama> {
    this.llamaPromise ??= this.startLlama().catch((error: unknown) => {
      this.llamaPromise = null;
      throw error;
    });
    return this.llamaPromise;
  }

  private async startLlama(): Promise<Llama> {
    const lib = await this.lib();
    const base = { build: 'never', maxThreads: this.options.threads, logLevel: lib.LlamaLogLevel.error } as const;
    if (this.options.gpu === 'false') return lib.getLlama({ ...base, gpu: false });
    try {
      return await lib.getLlama({ ...base, gpu: this.options.gpu });
    } catch (error) {
      this.options.onWarning?.('GPU runtime unavailable, using the CPU', error);
      return lib.getLlama({ ...base, gpu: false });
    }
  }

  /** GPU facts, only once the runtime has been started by real use (never starts it). */
  async gpuState(): Promise<GpuState | null> {
    if (!this.llamaPromise) return null;
    const llama = await this.llamaPromise;
    if (llama.gpu === false) return { available: false, name: null, vram_total_mb: null, vram_used_mb: null };
    const [names, vram] = await Promise.all([llama.getGpuDeviceNames(), llama.getVramState()]);
    return {
      available: true,
      name: names[0] ?? String(llama.gpu),
      vram_total_mb: Math.round(vram.total / MB),
      vram_used_mb: Math.round(vram.used / MB),
    };
  }

  private load(modelPath: string): Promise<Loaded> {
    let pending = this.models.get(modelPath);
    if (!pending) {
      pending = this.llama()
        .then((llama) => llama.loadModel({ modelPath }))
        .then((model) => ({
          model,
          context: null,
          embedding: null,
          users: 0,
          created: 0,
          free: [],
          waiting: [],
          idleTimer: null,
        }));
      pending.catch(() => this.models.delete(modelPath));
      this.models.set(modelPath, pending);
    }
    return pending;
  }

  private contextSizeFor(model: LlamaModel): number {
    return Math.min(model.trainContextSize || this.options.contextSize, this.options.contextSize);
  }

  /** Runs work with a sequence of the model's context; waits when all sequences are busy. */
  async withSequence<T>(
    modelPath: string,
    work: (sequence: LlamaContextSequence, model: LlamaModel, lib: NodeLlama) => Promise<T>,
  ): Promise<T> {
    const loaded = await this.use(modelPath);
    try {
      const sequence = await this.acquire(loaded);
      try {
        return await work(sequence, loaded.model, await this.lib());
      } finally {
        await sequence.clearHistory().catch(() => undefined);
        const next = loaded.waiting.shift();
        if (next) next(sequence);
        else loaded.free.push(sequence);
      }
    } finally {
      this.release(modelPath, loaded);
    }
  }

  /** A free sequence, a new one while fewer than `parallel` exist, or the next one handed back. */
  private async acquire(loaded: Loaded): Promise<LlamaContextSequence> {
    const free = loaded.free.pop();
    if (free) return free;
    if (loaded.created >= this.options.parallel) {
      return new Promise((resolve) => loaded.waiting.push(resolve));
    }
    loaded.created += 1;
    loaded.context ??= loaded.model.createContext({
      contextSize: this.contextSizeFor(loaded.model),
      sequences: this.options.parallel,
      threads: this.options.threads,
      batching: { dispatchSchedule: (dispatch) => dispatchFor(loaded, dispatch) },
    });
    try {
      return (await loaded.context).getSequence();
    } catch (error) {
      loaded.created -= 1;
      throw error;
    }
  }

  async embed(modelPath: string, texts: string[]): Promise<number[][]> {
    const loaded = await this.use(modelPath);
    try {
      loaded.embedding ??= loaded.model.createEmbeddingContext({
        contextSize: this.contextSizeFor(loaded.model),
        threads: this.options.threads,
      });
      const context = await loaded.embedding;
      const vectors: number[][] = [];
      for (const text of texts) vectors.push([...(await context.getEmbeddingFor(text)).vector]);
      return vectors;
    } finally {
      this.release(modelPath, loaded);
    }
  }

  private async use(modelPath: string): Promise<Loaded> {
    const loaded = await this.load(modelPath);
    loaded.users += 1;
    if (loaded.idleTimer) clearTimeout(loaded.idleTimer);
    loaded.idleTimer = null;
    return loaded;
  }

  private release(modelPath: string, loaded: Loaded): void {
    loaded.users -= 1;
    if (loaded.users > 0 || this.options.idleUnloadMs === 0) return;
    loaded.idleTimer = setTimeout(() => void this.unload(modelPath), this.options.idleUnloadMs);
    loaded.idleTimer.unref();
  }

  /** Frees a model (idle, or its file is being deleted). In-flight work keeps it until done. */
  async unload(modelPath: string): Promise<void> {
    const pending = this.models.get(modelPath);
    if (!pending) return;
    const loaded = await pending.catch(() => null);
    if (!loaded || loaded.users > 0) return;
    this.models.delete(modelPath);
    if (loaded.idleTimer) clearTimeout(loaded.idleTimer);
    const [context, embedding] = await Promise.all([loaded.context, loaded.embedding].map((p) => p?.catch(() => null)));
    await context?.dispose();
    await embedding?.dispose();
    await loaded.model.dispose();
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.models.keys()].map((key) => this.unload(key)));
    if (this.llamaPromise) await (await this.llamaPromise.catch(() => null))?.dispose();
    this.llamaPromise = null;
  }
}
