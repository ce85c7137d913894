import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../../test/fakes/fake-ollama';
import { type ChatChunk, ProviderError } from '../model-provider';
import { OllamaProvider } from './ollama.provider';
import { expectToolRoundTrip } from '../../../../test/provider-tool-round-trip';

const turn = [{ role: 'user' as const, content: 'Hi' }];

async function collect(stream: AsyncIterable<ChatChunk>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function failure(work: Promise<unknown>): Promise<ProviderError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Ollama provider against a fake Ollama', () => {
  let fake: FakeOllama;
  let provider: OllamaProvider;
  const defaults = { firstTokenDelayMs: 0, tokenDelayMs: 0, disconnectAfterTokens: null, failStatus: null };

  beforeAll(async () => {
    fake = await startFakeOllama();
    provider = new OllamaProvider({ id: 'ollama', name: 'Ollama', baseUrl: fake.url, timeoutMs: 2000 });
  });
  afterEach(() => Object.assign(fake.knobs, defaults));
  afterAll(() => fake.close());

  it('lists models with details and capabilities from /api/show', async () => {
    const models = await provider.listModels();
    expect(models.map((model) => model.name)).toEqual(['llama3:latest', 'llava:13b']);
    expect(models[0]?.details).toMatchObject({ parameter_size: '8.0B', family: 'llama', format: 'gguf' });
    expect(models.find((model) => model.name === 'llava:13b')?.capabilities).toEqual({
      vision: true,
      embedding: false,
    });
    expect(await provider.contextLength('llama3:latest')).toBe(8192);
  });

  it('streams the answer token by token, sending images and options', async () => {
    const chunks = await collect(
      provider.chat({
        model: 'llava:13b',
        messages: [{ role: 'user', content: 'What is this?', images: ['aGVsbG8='] }],
        temperature: 0.3,
        signal: new AbortController().signal,
      }),
    );
    const tokens = chunks.filter((chunk) => chunk.type === 'token');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((chunk) => chunk.text).join('')).toBe(fake.knobs.reply);
    expect(chunks.at(-1)).toEqual({
      type: 'done',
      promptTokens: 12,
      completionTokens: tokens.length,
      finishReason: 'stop',
    });
    const sent = fake.chats().at(-1)?.body as { messages: { images?: string[] }[]; options: { temperature: number } };
    expect(sent.messages[0]?.images).toEqual(['aGVsbG8=']);
    expect(sent.options.temperature).toBe(0.3);
  });

  it('waits through a slow first token', async () => {
    fake.knobs.firstTokenDelayMs = 300;
    const started = Date.now();
    const chunks = await collect(
      provider.chat({ model: 'llama3:latest', messages: turn, signal: new AbortController().signal }),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(chunks.at(-1)?.type).toBe('done');
  });

  it('closes the upstream connection within 1 s of an abort, ending the stream as aborted', async () => {
    fake.knobs.tokenDelayMs = 100;
    const controller = new AbortController();
    const chunks: ChatChunk[] = [];
    const disconnected = fake.waitForDisconnect(1000);
    for await (const chunk of provider.chat({ model: 'llama3:latest', messages: turn, signal: controller.signal })) {
      chunks.push(chunk);
      if (chunks.length === 2) controller.abort();
    }
    await disconnected;
    expect(chunks.filter((chunk) => chunk.type === 'token')).toHaveLength(2);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', finishReason: 'aborted' });
  });

  it('closes the upstream connection when the consumer stops reading', async () => {
    fake.knobs.tokenDelayMs = 100;
    for await (const chunk of provider.chat({
      model: 'llama3:latest',
      messages: turn,
      signal: new AbortController().signal,
    })) {
      if (chunk.type === 'token') break;
    }
    await fake.waitForDisconnect(1000);
  });

  it('reports an unknown model, a 500 and a mid-stream disconnect as ProviderErrors', async () => {
    const signal = new AbortController().signal;
    const unknown = await failure(collect(provider.chat({ model: 'nope:1b', messages: turn, signal })));
    expect(unknown.kind).toBe('model_not_found');

    fake.knobs.disconnectAfterTokens = 2;
    const dropped = await failure(collect(provider.chat({ model: 'llama3:latest', messages: turn, signal })));
    expect(dropped.kind).toBe('upstream_error');

    fake.knobs.failStatus = 500;
    const broken = await failure(collect(provider.chat({ model: 'llama3:latest', messages: turn, signal })));
    expect(broken).toMatchObject({ kind: 'upstream_error', status: 500 });
    expect((await provider.health()).connected).toBe(false);
  });

  it('says unreachable when nothing listens', async () => {
    const dead = new OllamaProvider({ id: 'dead', name: 'Dead', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    const error = await failure(dead.listModels());
    expect(error.kind).toBe('unreachable');
    expect(await dead.health()).toMatchObject({ connected: false });
  });

  it('embeds, lists running models and streams pull progress', async () => {
    const vectors = await provider.embed('llama3:latest', ['one', 'two words']);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toHaveLength(fake.knobs.embeddingDimensions);

    fake.knobs.running = [{ name: 'llama3:latest', size: 5_000_000_000, size_vram: 4_000_000_000 }];
    expect((await provider.running())[0]?.size_vram).toBe(4_000_000_000);

    const progress: string[] = [];
    for await (const event of provider.pull('mistral:7b', new AbortController().signal)) progress.push(event.status);
    expect(progress[0]).toBe('pulling manifest');
    expect(progress.at(-1)).toBe('success');
    expect((await provider.listModels()).some((model) => model.name === 'mistral:7b')).toBe(true);
  });
  it('offers tools, collects the call the model makes, and sends the call and its result back', () =>
    expectToolRoundTrip(provider, 'llama3:latest', fake.knobs));
});
