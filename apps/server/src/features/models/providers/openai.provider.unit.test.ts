import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakes/fake-openai';
import { type ChatChunk, ProviderError } from '../model-provider';
import { OpenAiProvider } from './openai.provider';
import { expectToolRoundTrip } from '../../../../test/provider-tool-round-trip';

const turn = [{ role: 'user' as const, content: 'Hi' }];
const API_KEY = 'sk-test-123';

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

describe('OpenAI-compatible provider against a fake server', () => {
  let fake: FakeOpenAi;
  let provider: OpenAiProvider;
  const defaults = {
    firstTokenDelayMs: 0,
    tokenDelayMs: 0,
    disconnectAfterTokens: null,
    failStatus: null,
    multiLineData: false,
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY });
    provider = new OpenAiProvider({ id: 'openai', name: 'Fake', baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 2000 });
  });
  afterEach(() => Object.assign(fake.knobs, defaults));
  afterAll(() => fake.close());

  it('lists models with the API key, whether or not the base URL ends in /v1', async () => {
    const models = await provider.listModels();
    expect(models.map((model) => model.name)).toEqual(['qwen2.5-7b-instruct', 'nomic-embed-text']);
    expect(models[1]?.capabilities.embedding).toBe(true);
    const withV1 = new OpenAiProvider({
      id: 'b',
      name: 'B',
      baseUrl: `${fake.url}/v1/`,
      apiKey: API_KEY,
      timeoutMs: 2000,
    });
    expect(await withV1.listModels()).toHaveLength(2);
    const keyless = new OpenAiProvider({ id: 'c', name: 'C', baseUrl: fake.url, apiKey: null, timeoutMs: 2000 });
    expect((await failure(keyless.listModels())).status).toBe(401);
  });

  it('streams SSE deltas and reports usage, sending images as data URLs', async () => {
    const chunks = await collect(
      provider.chat({
        model: 'qwen2.5-7b-instruct',
        messages: [{ role: 'user', content: 'Look', images: ['iVBORw0KGgo='] }],
        maxTokens: 50,
        topP: 0.6,
        signal: new AbortController().signal,
      }),
    );
    const text = chunks.flatMap((chunk) => (chunk.type === 'token' ? [chunk.text] : [])).join('');
    expect(text).toBe(fake.knobs.reply);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', promptTokens: 10, finishReason: 'stop' });
    const sent = fake.chats().at(-1)?.body as {
      max_tokens: number;
      stream: boolean;
      messages: { content: { type: string; image_url?: { url: string } }[] }[];
    };
    expect(sent).toMatchObject({ max_tokens: 50, top_p: 0.6, stream: true });
    expect(sent.messages[0]?.content[1]?.image_url?.url).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('reads events whose JSON spans several data: lines (CRLF line ends)', async () => {
    fake.knobs.multiLineData = true;
    const signal = new AbortController().signal;
    const chunks = await collect(provider.chat({ model: 'qwen2.5-7b-instruct', messages: turn, signal }));
    const text = chunks.flatMap((chunk) => (chunk.type === 'token' ? [chunk.text] : [])).join('');
    expect(text).toBe(fake.knobs.reply);
    expect(chunks.at(-1)).toMatchObject({ type: 'done', promptTokens: 10, finishReason: 'stop' });
  });

  it('closes the upstream connection within 1 s of an abort', async () => {
    fake.knobs.firstTokenDelayMs = 50;
    fake.knobs.tokenDelayMs = 100;
    const controller = new AbortController();
    const chunks: ChatChunk[] = [];
    const disconnected = fake.waitForDisconnect(1000);
    for await (const chunk of provider.chat({
      model: 'qwen2.5-7b-instruct',
      messages: turn,
      signal: controller.signal,
    })) {
      chunks.push(chunk);
      if (chunks.length === 1) controller.abort();
    }
    await disconnected;
    expect(chunks.at(-1)).toMatchObject({ type: 'done', finishReason: 'aborted' });
  });

  it('stops before the first token when aborted during a slow start', async () => {
    fake.knobs.firstTokenDelayMs = 2000;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const chunks = await collect(
      provider.chat({ model: 'qwen2.5-7b-instruct', messages: turn, signal: controller.signal }),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(chunks).toEqual([{ type: 'done', promptTokens: null, completionTokens: null, finishReason: 'aborted' }]);
    await fake.waitForDisconnect(1000);
  });

  it('reports an unknown model, a 500 and a mid-stream disconnect as ProviderErrors', async () => {
    const signal = new AbortController().signal;
    expect((await failure(collect(provider.chat({ model: 'gpt-nope', messages: turn, signal })))).kind).toBe(
      'model_not_found',
    );
    fake.knobs.disconnectAfterTokens = 2;
    expect((await failure(collect(provider.chat({ model: 'qwen2.5-7b-instruct', messages: turn, signal })))).kind).toBe(
      'upstream_error',
    );
    fake.knobs.failStatus = 500;
    expect(
      await failure(collect(provider.chat({ model: 'qwen2.5-7b-instruct', messages: turn, signal }))),
    ).toMatchObject({
      kind: 'upstream_error',
      status: 500,
    });
  });

  it('embeds in input order', async () => {
    const vectors = await provider.embed('nomic-embed-text', ['a', 'bb', 'ccc']);
    expect(vectors).toHaveLength(3);
    expect(vectors[0]).toHaveLength(fake.knobs.embeddingDimensions);
  });
  it('offers tools, collects the call the model makes, and sends the call and its result back', () =>
    expectToolRoundTrip(provider, 'qwen2.5-7b-instruct', fake.knobs));
});
