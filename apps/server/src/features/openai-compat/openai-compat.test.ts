import type { ApiTokenCreated } from '@hearth/contract';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatFixture, startChatServer } from '../../../test/chat-helpers';
import { createUser, type TestUser, testDb } from '../../../test/test-server';
import { parseSse } from '../../lib/sse-reader';

const REPLY = 'Hearth speaks OpenAI fluently.';

describe(`OpenAI-compatible API with the official client (${testDb})`, () => {
  let fixture: ChatFixture;
  let user: TestUser;
  let client: OpenAI;

  beforeAll(async () => {
    fixture = await startChatServer({ reply: REPLY });
    user = await createUser(fixture.server, 'openai');
    const token = await fixture.server.request<ApiTokenCreated>('/api/tokens', {
      token: user.token,
      body: { name: 'openai client' },
    });
    client = new OpenAI({ baseURL: `${fixture.server.url}/v1`, apiKey: token.body.secret, maxRetries: 0 });
  });
  afterAll(() => fixture.close());

  it('lists the models', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model);
    expect(models.map((model) => model.id).sort()).toEqual(['llama3:latest', 'llava:13b']);
    expect(models[0]).toMatchObject({ object: 'model', owned_by: expect.any(String), created: expect.any(Number) });
  });

  it('answers a chat completion', async () => {
    const completion = await client.chat.completions.create({
      model: 'llama3:latest',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Who are you?' }] },
      ],
      temperature: 0.5,
      max_tokens: 64,
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: REPLY });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBe(
      (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0),
    );
    const sent = fixture.ollama.chats().at(-1)?.body as { messages: unknown[]; options: Record<string, number> };
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Who are you?' },
    ]);
    expect(sent.options).toMatchObject({ temperature: 0.5, num_predict: 64 });
  });

  it('streams a chat completion chunk by chunk, with usage when asked', async () => {
    const stream = await client.chat.completions.create({
      model: 'llama3:latest',
      messages: [{ role: 'user', content: 'Stream please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const pieces: string[] = [];
    const finishes: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      for (const choice of chunk.choices) {
        if (choice.delta.content) pieces.push(choice.delta.content);
        finishes.push(choice.finish_reason);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(REPLY);
    expect(finishes.at(-1)).toBe('stop');
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('ends the raw stream with data: [DONE]', async () => {
    const response = await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'llama3:latest', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSse(await response.text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    // Unnamed events only: OpenAI clients read data lines and nothing else.
    expect(events.every((event) => event.event === 'message')).toBe(true);
  });

  it("answers errors in OpenAI's shape, which the client raises as its own errors", async () => {
    await expect(
      client.chat.completions.create({ model: 'missing:1b', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 404, code: 'model_not_found', type: 'invalid_request_error' });

    const anonymous = new OpenAI({
      baseURL: `${fixture.server.url}/v1`,
      apiKey: 'hth_not-a-real-token',
      maxRetries: 0,
    });
    await expect(anonymous.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);

    const raw = await fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'llama3:latest', messages: [] }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'invalid_request_error',
        code: 'validation_error',
        param: 'messages',
      },
    });
  });

  it('reports a model failure as an error (502 or a stream error event)', async () => {
    fixture.ollama.knobs.failStatus = 500;
    try {
      await expect(
        client.chat.completions.create({ model: 'llama3:latest', messages: [{ role: 'user', content: 'hi' }] }),
      ).rejects.toMatchObject({ status: 502 });
      const stream = await client.chat.completions.create({
        model: 'llama3:latest',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
      });
      await expect(
        (async () => {
          for await (const _chunk of stream) {
            // drain
          }
        })(),
      ).rejects.toBeInstanceOf(OpenAI.APIError);
    } finally {
      fixture.ollama.knobs.failStatus = null;
    }
  });
  it("passes the client's own tools through and returns the model's calls, streamed or not", async () => {
    fixture.ollama.knobs.toolCall = { name: 'get_weather', arguments: { city: 'Oslo' } };
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'get_weather',
          description: 'Weather now',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    ];
    const messages = [{ role: 'user' as const, content: 'Weather in Oslo?' }];
    const completion = await client.chat.completions.create({ model: 'llama3:latest', messages, tools });
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    const call = choice?.message.tool_calls?.[0];
    if (call?.type !== 'function') throw new Error('no function call');
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } });
    const sent = fixture.ollama.chats().at(-1)?.body as { tools: { function: { name: string } }[] };
    expect(sent.tools.map((tool) => tool.function.name)).toEqual(['get_weather']);

    const stream = await client.chat.completions.create({ model: 'llama3:latest', messages, tools, stream: true });
    const deltas = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe('tool_calls');
    expect(deltas[0]).toMatchObject({ index: 0, function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } });

    // The client runs the tool and sends the result back: the model answers from it.
    const answered = await client.chat.completions.create({
      model: 'llama3:latest',
      tools,
      messages: [
        ...messages,
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: call.id, content: 'Sunny, 21 °C' },
      ],
    });
    expect(answered.choices[0]?.message.content).toBe('Tool result: Sunny, 21 °C');
    fixture.ollama.knobs.toolCall = null;
  });
});
