import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LlamaContextSequence, LlamaModel } from 'node-llama-cpp';
import { AsyncQueue } from '../../../lib/async-queue';
import {
  type ChatChunk,
  type ChatRequest,
  type ChatTurn,
  type ModelProvider,
  type ProviderHealth,
  ProviderError,
  type ProviderModel,
} from '../model-provider';
import { fromLlamaCalls, toLlamaFunctions, toLlamaHistory } from './builtin-functions';
import { type GgufSummary, readGgufMetadata, summarizeGguf } from './gguf-metadata';
import type { GpuState, LlamaRuntime, NodeLlama } from './llama-runtime';

export const BUILTIN_PROVIDER_ID = 'builtin';

/** A model file found by a call is trusted this long: a run of calls does not look the file up each time. */
const FOUND_FOR_MS = 5_000;

interface GgufFile {
  name: string;
  path: string;
  size: number;
  mtimeMs: number;
  summary: GgufSummary;
}

/** Turns without a chat template: a plain transcript the model continues after "Assistant:". */
export function plainPrompt(messages: ChatTurn[]): string {
  const label = { system: 'System', user: 'User', assistant: 'Assistant', tool: 'Tool' } as const;
  return `${messages.map((turn) => `${label[turn.role]}: ${turn.content}`).join('\n')}\nAssistant:`;
}

/** GGUF files in MODELS_DIR, run in-process by llama.cpp (node-llama-cpp). */
export class BuiltinProvider implements ModelProvider {
  readonly id = BUILTIN_PROVIDER_ID;
  readonly kind = 'builtin' as const;
  readonly name = 'Built-in (llama.cpp)';
  private readonly summaries = new Map<string, { mtimeMs: number; size: number; summary: GgufSummary }>();
  private readonly found = new Map<string, { file: GgufFile; at: number }>();

  constructor(
    readonly modelsDir: string,
    private readonly runtime: LlamaRuntime,
    private readonly contextSize: number,
  ) {}

  async health(): Promise<ProviderHealth> {
    return { connected: true, error: null, gpu: await this.gpu() };
  }

  /** GPU facts once llama.cpp has started for real (it is started by use, never by a status check). */
  gpu(): Promise<GpuState | null> {
    return this.runtime.gpuState().catch(() => null);
  }

  private async files(): Promise<GgufFile[]> {
    const entries = await readdir(this.modelsDir, { withFileTypes: true }).catch(() => []);
    const files: GgufFile[] = [];
    for (const entry of entries) {
      // A link to a GGUF elsewhere counts (fileNamed follows it and checks it is a file).
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const file = await this.fileNamed(entry.name);
      if (file) files.push(file);
    }
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** One installed model by its file name: a readable GGUF directly in the models folder, not a projector. */
  private async fileNamed(name: string): Promise<GgufFile | null> {
    if (!name.toLowerCase().endsWith('.gguf') || name.startsWith('.') || path.basename(name) !== name) return null;
    const filePath = path.join(this.modelsDir, name);
    const info = await stat(filePath).catch(() => null);
    if (!info?.isFile()) return null;
    const summary = await this.summary(filePath, name, info.mtimeMs, info.size);
    if (!summary || summary.isProjector) return null;
    return { name, path: filePath, size: info.size, mtimeMs: info.mtimeMs, summary };
  }

  private async summary(filePath: string, name: string, mtimeMs: number, size: number) {
    const cached = this.summaries.get(filePath);
    if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.summary;
    try {
      const summary = summarizeGguf(await readGgufMetadata(filePath), name);
      this.summaries.set(filePath, { mtimeMs, size, summary });
      return summary;
    } catch {
      return null; // not a readable GGUF: not listed
    }
  }

  async listModels(): Promise<ProviderModel[]> {
    return (await this.files()).map((file) => ({
      name: file.name,
      size: file.size,
      modified_at: new Date(file.mtimeMs).toISOString(),
      digest: createHash('sha256').update(`${file.name}:${file.size}:${file.mtimeMs}`).digest('hex'),
      details: {
        parameter_size: file.summary.sizeLabel,
        quantization_level: file.summary.quantization,
        format: 'gguf',
        family: file.summary.architecture,
        families: file.summary.architecture ? [file.summary.architecture] : null,
      },
      capabilities: { vision: false, embedding: file.summary.isEmbedding },
    }));
  }

  /** The model a request names, found with one stat rather than a listing of the folder. */
  private async file(model: string): Promise<GgufFile> {
    const recent = this.found.get(model);
    if (recent && performance.now() - recent.at < FOUND_FOR_MS) return recent.file;
    const found = await this.fileNamed(model);
    if (!found) {
      this.found.delete(model);
      throw new ProviderError(`Model ${model} is not installed`, 'model_not_found', 404);
    }
    this.found.set(model, { file: found, at: performance.now() });
    return found;
  }

  async contextLength(model: string): Promise<number | null> {
    const { summary } = await this.file(model);
    return Math.min(summary.contextLength ?? this.contextSize, this.contextSize);
  }

  async *chat(request: ChatRequest): AsyncGenerator<ChatChunk> {
    const file = await this.file(request.model);
    if (request.signal.aborted) {
      yield { type: 'done', promptTokens: null, completionTokens: null, finishReason: 'aborted' };
      return;
    }
    const queue = new AsyncQueue<ChatChunk>();
    // Stopping the consumer (break, Stop) must stop evaluation too, not only the caller's signal.
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const run = this.runtime
      .withSequence(file.path, (sequence, model, lib) =>
        generate(
          { sequence, model, lib, request, signal: stop.signal, useTemplate: file.summary.hasChatTemplate },
          queue,
        ),
      )
      .then(
        (done) => {
          queue.push(done);
          queue.end();
        },
        (error: unknown) =>
          queue.fail(
            stop.signal.aborted
              ? new ProviderError('Request aborted', 'aborted')
              : new ProviderError(`Built-in runtime failed: ${String(error)}`, 'upstream_error'),
          ),
      );
    try {
      yield* queue;
    } finally {
      request.signal.removeEventListener('abort', onAbort);
      stop.abort();
      await run;
    }
  }

  async embed(model: string, texts: string[]): Promise<number[][]> {
    const file = await this.file(model);
    try {
      return await this.runtime.embed(file.path, texts);
    } catch (error) {
      throw new ProviderError(`Built-in embeddings failed: ${String(error)}`, 'upstream_error');
    }
  }

  /** Deletes a GGUF file (unloading it first). */
  async delete(model: string): Promise<void> {
    const file = await this.file(model);
    await this.runtime.unload(file.path);
    await rm(file.path, { force: true });
    this.summaries.delete(file.path);
    this.found.delete(model);
  }
}

interface Generation {
  sequence: LlamaContextSequence;
  model: LlamaModel;
  lib: NodeLlama;
  request: ChatRequest;
  signal: AbortSignal;
  useTemplate: boolean;
}

/**
 * Evaluates one answer, queueing its text chunk by chunk. The queue hands each on asynchronously (never inside
 * the runtime's callback); runModel paces the text for every provider (lib/text-batcher.ts).
 */
async function generate(job: Generation, queue: AsyncQueue<ChatChunk>): Promise<ChatChunk> {
  const { sequence, lib, request, signal } = job;
  const options = {
    signal,
    stopOnAbortSignal: true,
    // A token can come out as no text (e.g. a leading space at the start of the answer): no empty token events.
    onTextChunk: (text: string) => {
      if (text) queue.push({ type: 'token', text });
    },
    ...(request.maxTokens === undefined ? {} : { maxTokens: request.maxTokens }),
    ...(request.topP === undefined ? {} : { topP: request.topP }),
    temperature: request.temperature ?? 0,
  };
  const before = sequence.tokenMeter.getState();
  let stopReason: string;
  if (job.useTemplate) {
    const chat = new lib.LlamaChat({ contextSequence: sequence, chatWrapper: lib.resolveChatWrapper(job.model) });
    const functions = request.tools?.length ? { functions: toLlamaFunctions(request.tools) } : {};
    const result = await chat.generateResponse(toLlamaHistory(request.messages), { ...options, ...functions });
    stopReason = result.metadata.stopReason;
    if (result.functionCalls?.length) queue.push({ type: 'tool_calls', calls: fromLlamaCalls(result.functionCalls) });
    chat.dispose({ disposeSequence: false });
  } else {
    const completion = new lib.LlamaCompletion({ contextSequence: sequence });
    const result = await completion.generateCompletionWithMeta(plainPrompt(request.messages), {
      ...options,
      customStopTriggers: ['\nUser:', '\nSystem:'],
      // A model that never ends its text (a story model, or one stuck in a loop) would otherwise be kept
      // going forever by context shifts; stopping when the context is full reports 'length' instead.
      disableContextShift: true,
    });
    stopReason = result.metadata.stopReason;
    completion.dispose({ disposeSequence: false });
  }
  const usage = sequence.tokenMeter.diff(before);
  return {
    type: 'done',
    promptTokens: usage.usedInputTokens,
    completionTokens: usage.usedOutputTokens,
    finishReason: finishOf(stopReason, signal.aborted),
  };
}

function finishOf(stopReason: string, aborted: boolean): 'stop' | 'length' | 'aborted' | 'tool_calls' {
  if (aborted || stopReason === 'abort') return 'aborted';
  if (stopReason === 'functionCalls') return 'tool_calls';
  return stopReason === 'maxTokens' ? 'length' : 'stop';
}
