import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_MODEL_PATH } from '../../../../test/fakes/fake-file-server';
import { type FakeOllama, startFakeOllama } from '../../../../test/fakes/fake-ollama';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakes/fake-openai';
import { AppError } from '../../../http/errors';
import { ProviderRegistry } from '../../models/model-registry';
import { BuiltinProvider } from '../../models/providers/builtin.provider';
import { LlamaRuntime } from '../../models/providers/llama-runtime';
import { OllamaProvider } from '../../models/providers/ollama.provider';
import { OpenAiProvider } from '../../models/providers/openai.provider';
import { EmbedderFactory, modelIdFor, parseModelId } from './embedder';
import { dot, fromBlob, normalize, reciprocalRankFusion, toBlob } from './vector-math';

const norm = (vector: Float32Array) => Math.sqrt(dot(vector, vector));

describe('embedders over Ollama, OpenAI-compatible and built-in runtimes', () => {
  let ollama: FakeOllama;
  let openai: FakeOpenAi;
  let dir: string;
  let runtime: LlamaRuntime;
  let factory: EmbedderFactory;

  beforeAll(async () => {
    ollama = await startFakeOllama({
      models: [{ name: 'nomic-embed-text', capabilities: ['embedding'] }, { name: 'llama3:latest' }],
      embeddingDimensions: 32,
    });
    openai = await startFakeOpenAi({ embeddingDimensions: 16, apiKey: 'sk-test' });
    dir = mkdtempSync(path.join(tmpdir(), 'hearth-embed-'));
    copyFileSync(TINY_MODEL_PATH, path.join(dir, 'stories260K.gguf'));
    runtime = new LlamaRuntime({ gpu: 'auto', threads: 1, contextSize: 2048, parallel: 1, idleUnloadMs: 60_000 });
    const entry = (provider: OllamaProvider | OpenAiProvider | BuiltinProvider, source: 'env' | 'builtin') => ({
      provider,
      source,
      baseUrl: null,
      hasApiKey: false,
      group: provider.id,
    });
    const registry = new ProviderRegistry({
      fixed: [
        entry(new BuiltinProvider(dir, runtime, 2048), 'builtin'),
        entry(new OllamaProvider({ id: 'ollama', name: 'Ollama', baseUrl: ollama.url, timeoutMs: 2000 }), 'env'),
        entry(
          new OpenAiProvider({ id: 'lab', name: 'Lab', baseUrl: openai.url, apiKey: 'sk-test', timeoutMs: 2000 }),
          'env',
        ),
      ],
      loadAdminEntries: async () => [],
      timeoutMs: 2000,
      cacheMs: 0,
    });
    factory = new EmbedderFactory(registry);
  });
  afterAll(async () => {
    await runtime.dispose();
    await ollama.close();
    await openai.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('parses and builds model ids', () => {
    expect(parseModelId('ollama:nomic-embed-text:latest')).toEqual({
      kind: 'ollama',
      providerId: null,
      model: 'nomic-embed-text:latest',
    });
    expect(parseModelId('openai:lab:text-embedding-3-small')).toEqual({
      kind: 'openai',
      providerId: 'lab',
      model: 'text-embedding-3-small',
    });
    expect(parseModelId('builtin:e5.gguf')).toEqual({ kind: 'builtin', providerId: 'builtin', model: 'e5.gguf' });
    expect(parseModelId('openai:lab')).toBeNull();
    expect(parseModelId('word2vec')).toBeNull();
    expect(modelIdFor({ id: 'ollama-2', kind: 'ollama' }, 'm')).toBe('ollama:m');
    expect(modelIdFor({ id: 'lab', kind: 'openai' }, 'm')).toBe('openai:lab:m');
  });

  it('lists every model as an option, embedding models first', async () => {
    const options = await factory.options();
    expect(options.filter((option) => option.embedding).map((option) => option.id)).toEqual([
      'ollama:nomic-embed-text',
      'openai:lab:nomic-embed-text',
    ]);
    expect(options.map((option) => option.id)).toContain('builtin:stories260K.gguf');
  });

  it('embeds through Ollama /api/embed: unit vectors, deterministic, similar texts closer', async () => {
    const embedder = await factory.create('ollama:nomic-embed-text');
    const [a, b, c] = await embedder.embed(['red apples', 'red apples', 'stock market crash']);
    expect(a).toHaveLength(32);
    expect(norm(a as Float32Array)).toBeCloseTo(1, 5);
    expect(dot(a as Float32Array, b as Float32Array)).toBeCloseTo(1, 5);
    expect(dot(a as Float32Array, c as Float32Array)).toBeLessThan(0.5);
    expect(ollama.requests.some((request) => request.path === '/api/embed')).toBe(true);
  });

  it('embeds through an OpenAI-compatible /v1/embeddings with its API key', async () => {
    const embedder = await factory.create('openai:lab:nomic-embed-text');
    const vectors = await embedder.embed(['one', 'two']);
    expect(vectors.map((vector) => vector.length)).toEqual([16, 16]);
    expect(norm(vectors[1] as Float32Array)).toBeCloseTo(1, 5);
  });

  it('embeds with the built-in llama.cpp runtime on the tiny GGUF model', async () => {
    const embedder = await factory.create('builtin:stories260K.gguf');
    const [a, b] = await embedder.embed(['Lily liked to play', 'a big red ball']);
    expect(a?.length).toBeGreaterThan(8);
    expect(a?.length).toBe(b?.length);
    expect(norm(a as Float32Array)).toBeCloseTo(1, 4);
  });

  it('refuses unknown models and malformed ids; upstream failures surface', async () => {
    await expect(factory.create('ollama:missing')).rejects.toMatchObject({ code: 'model_not_found' });
    await expect(factory.create('openai:nowhere:nomic-embed-text')).rejects.toBeInstanceOf(AppError);
    await expect(factory.create('word2vec')).rejects.toMatchObject({ code: 'validation_error' });
    const embedder = await factory.create('ollama:nomic-embed-text');
    ollama.knobs.embedFailStatus = 500;
    await expect(embedder.embed(['x'])).rejects.toThrow();
    ollama.knobs.embedFailStatus = null;
  });
});

describe('vector math', () => {
  it('normalises, round-trips float32 blobs and fuses rankings by reciprocal rank', () => {
    const unit = normalize([3, 4]);
    expect(Array.from(unit)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(Array.from(normalize([0, 0]))).toEqual([0, 0]);
    expect(Array.from(fromBlob(toBlob(unit)))).toEqual(Array.from(unit));
    const fused = reciprocalRankFusion(
      [
        ['a', 'b', 'c'],
        ['c', 'a'],
      ],
      (item) => item,
    );
    expect(fused.map((entry) => entry.item)).toEqual(['a', 'c', 'b']);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62, 10);
  });
});
