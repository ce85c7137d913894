import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_MODEL_PATH } from '../../../../test/fakes/fake-file-server';
import { type ChatChunk, type ChatTurn, ProviderError } from '../model-provider';
import { BuiltinProvider, plainPrompt } from './builtin.provider';
import { LlamaRuntime } from './llama-runtime';

const MODEL = 'stories260K.gguf';
const story = [{ role: 'user' as const, content: 'Once upon a time' }];

describe('built-in provider running the real tiny GGUF model', () => {
  let dir: string;
  let runtime: LlamaRuntime;
  let provider: BuiltinProvider;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hearth-models-'));
    copyFileSync(TINY_MODEL_PATH, path.join(dir, MODEL));
    writeFileSync(path.join(dir, 'broken.gguf'), 'not a gguf file');
    // SOURCES.md: one thread and a 2048 context for this model.
    runtime = new LlamaRuntime({ gpu: 'auto', threads: 1, contextSize: 2048, parallel: 2, idleUnloadMs: 60_000 });
    provider = new BuiltinProvider(dir, runtime, 2048);
  });
  afterAll(async () => {
    await runtime.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists GGUF files from their headers without starting llama.cpp', async () => {
    const models = await provider.listModels();
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({
      name: MODEL,
      size: 1_185_376,
      details: { format: 'gguf', family: 'llama' },
      capabilities: { vision: false, embedding: false },
    });
    expect(await provider.contextLength(MODEL)).toBe(2048);
    expect(runtime.started).toBe(false);
    expect(await provider.gpu()).toBeNull();
  });

  it('streams a story as it is generated (no chat template: plain prompt)', async () => {
    const chunks: ChatChunk[] = [];
    for await (const chunk of provider.chat({
      model: MODEL,
      messages: story,
      maxTokens: 40,
      signal: new AbortController().signal,
    })) {
      chunks.push(chunk);
    }
    const tokens = chunks.filter((chunk) => chunk.type === 'token');
    // Token by token (runModel paces them for every provider, see model-call.unit.test.ts), none empty.
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(tokens.every((chunk) => chunk.text.length > 0)).toBe(true);
    expect(tokens.map((chunk) => chunk.text).join('').length).toBeGreaterThan(10);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', finishReason: expect.stringMatching(/stop|length/) });
    expect((chunks.at(-1) as { completionTokens: number }).completionTokens).toBeGreaterThanOrEqual(tokens.length);
    expect(runtime.started).toBe(true);
    expect((await provider.gpu())?.available).toBe(false);
  });

  it('stops generating mid-answer when aborted, keeping what was produced', async () => {
    const controller = new AbortController();
    const chunks: ChatChunk[] = [];
    for await (const chunk of provider.chat({
      model: MODEL,
      messages: story,
      maxTokens: 500,
      signal: controller.signal,
    })) {
      chunks.push(chunk);
      if (chunks.length === 3) controller.abort();
    }
    const tokens = chunks.filter((chunk) => chunk.type === 'token');
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    expect(tokens.length).toBeLessThan(20);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', finishReason: 'aborted' });
    expect((chunks.at(-1) as { completionTokens: number }).completionTokens).toBeLessThan(500);
  });

  it('answers the same prompt the same way again: nothing of an earlier answer is left in the sequence', async () => {
    const answer = async (messages: ChatTurn[]) => {
      let text = '';
      for await (const chunk of provider.chat({
        model: MODEL,
        messages,
        maxTokens: 30,
        signal: new AbortController().signal,
      })) {
        if (chunk.type === 'token') text += chunk.text;
      }
      return text;
    };
    const first = await answer(story);
    await answer([{ role: 'user', content: 'The little dog ran to the park' }]);
    expect(await answer(story)).toBe(first);
  });

  it('runs two answers at once and queues a third', async () => {
    const run = async () => {
      let text = '';
      for await (const chunk of provider.chat({
        model: MODEL,
        messages: story,
        maxTokens: 20,
        signal: new AbortController().signal,
      })) {
        if (chunk.type === 'token') text += chunk.text;
      }
      return text;
    };
    const answers = await Promise.all([run(), run(), run()]);
    expect(answers.every((answer) => answer.length > 0)).toBe(true);
  });

  it('makes embeddings', async () => {
    const vectors = await provider.embed(MODEL, ['Lily liked to play', 'a big red ball']);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]?.length).toBeGreaterThan(0);
    expect(vectors[0]?.every((value) => Number.isFinite(value))).toBe(true);
  });

  it('refuses unknown models and deletes installed ones', async () => {
    const error = await provider.embed('missing.gguf', ['x']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('model_not_found');
    await provider.delete(MODEL);
    expect(existsSync(path.join(dir, MODEL))).toBe(false);
    expect(await provider.listModels()).toEqual([]);
  });

  it('builds a plain transcript prompt for models without a chat template', () => {
    expect(
      plainPrompt([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ]),
    ).toBe('System: Be brief.\nUser: Hi\nAssistant:');
  });
});
