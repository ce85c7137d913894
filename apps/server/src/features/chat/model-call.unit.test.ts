import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TINY_MODEL_PATH } from '../../../test/fakes/fake-file-server';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/fake-openai';
import { TEXT_FRAME_MS } from '../../lib/text-batcher';
import type { ChatRequest, ModelProvider } from '../models/model-provider';
import { BuiltinProvider } from '../models/providers/builtin.provider';
import { LlamaRuntime } from '../models/providers/llama-runtime';
import { OpenAiProvider } from '../models/providers/openai.provider';
import { runModel } from './model-call';

const TINY_MODEL = 'stories260K.gguf';
const turn = [{ role: 'user' as const, content: 'Once upon a time' }];
/** Timers may fire a millisecond early against performance.now(). */
const FRAME_SLACK_MS = 2;

interface Sent {
  text: string;
  at: number;
}

/** Runs the model, recording every piece of text handed on and when; `sentAtReturn` counts those before it returned. */
async function run(provider: ModelProvider, request: Omit<ChatRequest, 'signal'>, controller = new AbortController()) {
  const sent: Sent[] = [];
  const answer = await runModel(provider, { ...request, signal: controller.signal }, (text) => {
    sent.push({ text, at: performance.now() });
  });
  const sentAtReturn = sent.length;
  // Nothing may follow the answer (a frame's timer left behind would).
  await new Promise((resolve) => setTimeout(resolve, 3 * TEXT_FRAME_MS));
  return { answer, sent, sentAtReturn };
}

/** At most one piece a frame: every gap but the last (the final flush goes out as the answer ends). */
function expectOnePerFrame(sent: Sent[]) {
  const gaps = sent.slice(1, -1).map((piece, index) => piece.at - (sent[index]?.at ?? 0));
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(TEXT_FRAME_MS - FRAME_SLACK_MS);
}

describe('runModel paces streamed text for every provider', () => {
  let fake: FakeOpenAi;
  let openAi: OpenAiProvider;
  let dir: string;
  let runtime: LlamaRuntime;
  let builtin: BuiltinProvider;
  const words = Array.from({ length: 150 }, (_, index) => `word${index} `);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    openAi = new OpenAiProvider({ id: 'openai', name: 'Fake', baseUrl: fake.url, apiKey: null, timeoutMs: 2000 });
    dir = mkdtempSync(path.join(tmpdir(), 'hearth-model-call-'));
    copyFileSync(TINY_MODEL_PATH, path.join(dir, TINY_MODEL));
    // SOURCES.md: one thread for this model.
    runtime = new LlamaRuntime({ gpu: 'auto', threads: 1, contextSize: 512, parallel: 1, idleUnloadMs: 60_000 });
    builtin = new BuiltinProvider(dir, runtime, 512);
  });
  afterEach(() =>
    Object.assign(fake.knobs, { reply: 'Hello from the fake OpenAI-compatible server.', tokenDelayMs: 0 }),
  );
  afterAll(async () => {
    await fake.close();
    await runtime.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an HTTP runtime: the first piece at once, then at most one a frame, all of it before the answer returns', async () => {
    fake.knobs.reply = words.join('');
    fake.knobs.tokenDelayMs = 1;
    const { answer, sent, sentAtReturn } = await run(openAi, { model: 'qwen2.5-7b-instruct', messages: turn });
    expect(sent[0]?.text).toBe(words[0]);
    expect(sent.map((piece) => piece.text).join('')).toBe(answer.text);
    expect(answer.text).toBe(fake.knobs.reply);
    expect(sent.length).toBeLessThan(words.length / 2);
    expectOnePerFrame(sent);
    expect(sentAtReturn).toBe(sent.length);
  });

  it('the built-in runtime (real tiny model, about a thousand tokens a second): the same', async () => {
    const { answer, sent, sentAtReturn } = await run(builtin, { model: TINY_MODEL, messages: turn, maxTokens: 200 });
    expect(answer.completionTokens).toBeGreaterThan(100);
    expect(sent.map((piece) => piece.text).join('')).toBe(answer.text);
    expect(sent.length).toBeLessThan((answer.completionTokens ?? 0) / 2);
    expectOnePerFrame(sent);
    expect(sentAtReturn).toBe(sent.length);
  });

  it('a stopped answer has handed on exactly the text it returns', async () => {
    fake.knobs.reply = words.join('');
    fake.knobs.tokenDelayMs = 2;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60);
    const { answer, sent, sentAtReturn } = await run(
      openAi,
      { model: 'qwen2.5-7b-instruct', messages: turn },
      controller,
    );
    expect(answer.finishReason).toBe('aborted');
    expect(answer.text.length).toBeGreaterThan(0);
    expect(answer.text.length).toBeLessThan(fake.knobs.reply.length);
    expect(sent.map((piece) => piece.text).join('')).toBe(answer.text);
    expect(sentAtReturn).toBe(sent.length);
  });
});
