import type { ServerResponse } from 'node:http';
import { hashedBagOfWords } from './fake-embedding';
import { type FakeServer, type RecordedRequest, startFakeServer, writeSlowly } from './fake-http';
import { type FakeToolCall, plannedToolStep } from './fake-ollama';

/**
 * A local stand-in for an OpenAI-compatible server (llama.cpp server, vLLM, OpenAI): /v1/models,
 * /v1/chat/completions (SSE when stream is true, JSON otherwise), /v1/embeddings. Knobs are mutable fields.
 */
export interface FakeOpenAiKnobs {
  models: string[];
  reply: string;
  firstTokenDelayMs: number;
  tokenDelayMs: number;
  disconnectAfterTokens: number | null;
  failStatus: number | null;
  /** Each chunk's JSON pretty-printed over several `data:` lines, with CRLF line ends (both allowed by SSE). */
  multiLineData: boolean;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey: string | null;
  embeddingDimensions: number;
  /** Words the fake embedder treats as the same word (see fake-embedding.ts). */
  synonyms: Record<string, string>;
  /** Function calling, the same rule as the fake Ollama's (FakeOllamaKnobs.toolCall). */
  toolCall: FakeToolCall | null;
}

export interface FakeOpenAi extends FakeServer {
  knobs: FakeOpenAiKnobs;
  chats(): RecordedRequest[];
}

const DEFAULT_KNOBS: FakeOpenAiKnobs = {
  models: ['qwen2.5-7b-instruct', 'nomic-embed-text'],
  reply: 'Hello from the fake OpenAI-compatible server.',
  firstTokenDelayMs: 0,
  tokenDelayMs: 0,
  disconnectAfterTokens: null,
  failStatus: null,
  multiLineData: false,
  apiKey: null,
  embeddingDimensions: 8,
  synonyms: {},
  toolCall: null,
};

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const error = (response: ServerResponse, status: number, message: string, code: string) =>
  json(response, status, { error: { message, type: 'invalid_request_error', code } });

export async function startFakeOpenAi(knobs: Partial<FakeOpenAiKnobs> = {}): Promise<FakeOpenAi> {
  const state: FakeOpenAiKnobs = { ...structuredClone(DEFAULT_KNOBS), ...knobs };
  const server = await startFakeServer(async (request, response) => {
    if (state.apiKey && request.headers.authorization !== `Bearer ${state.apiKey}`) {
      return error(response, 401, 'Incorrect API key provided', 'invalid_api_key');
    }
    if (state.failStatus) return error(response, state.failStatus, 'internal fake failure', 'server_error');
    const route = `${request.method} ${request.path.split('?')[0]}`;
    const body = request.body as { model?: string; stream?: boolean; input?: string | string[] } | null;
    const known = body?.model !== undefined && state.models.includes(body.model);
    switch (route) {
      case 'GET /v1/models':
        return json(response, 200, {
          object: 'list',
          data: state.models.map((id) => ({ id, object: 'model', created: 1_760_000_000, owned_by: 'fake' })),
        });
      case 'POST /v1/chat/completions':
        if (!known) return error(response, 404, `The model \`${body?.model}\` does not exist.`, 'model_not_found');
        return chat(body?.model ?? '', body?.stream === true, response, request.body);
      case 'POST /v1/embeddings': {
        if (!known) return error(response, 404, `The model \`${body?.model}\` does not exist.`, 'model_not_found');
        const texts = Array.isArray(body?.input) ? body.input : [body?.input ?? ''];
        return json(response, 200, {
          object: 'list',
          model: body?.model,
          data: texts.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: hashedBagOfWords(text, state.embeddingDimensions, state.synonyms),
          })),
        });
      }
      default:
        return error(response, 404, 'Not found', 'not_found');
    }
  });

  async function chat(model: string, stream: boolean, response: ServerResponse, body: unknown) {
    const step = plannedToolStep(state.toolCall, body as Parameters<typeof plannedToolStep>[1]);
    const reply = step && 'reply' in step ? step.reply : state.reply;
    const call = step && 'call' in step ? step.call : null;
    const toolCalls = call
      ? [
          {
            id: 'call_fake_1',
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          },
        ]
      : undefined;
    const words = call ? [] : reply.split(/(?<= )/);
    if (!stream) {
      const message = call
        ? { role: 'assistant', content: null, tool_calls: toolCalls }
        : { role: 'assistant', content: reply };
      return json(response, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_760_000_000,
        model,
        choices: [{ index: 0, message, finish_reason: call ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: words.length, total_tokens: 10 + words.length },
      });
    }
    const event = (data: object) =>
      state.multiLineData
        ? `${JSON.stringify(data, null, 2)
            .split('\n')
            .map((line) => `data: ${line}\r\n`)
            .join('')}\r\n`
        : `data: ${JSON.stringify(data)}\n\n`;
    const chunk = (delta: object, finish: string | null, usage: object | null = null) =>
      event({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1_760_000_000,
        model,
        choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      });
    const lines = words.map((word, index) =>
      chunk(index === 0 ? { role: 'assistant', content: word } : { content: word }, null),
    );
    if (toolCalls) {
      // Streamed the way OpenAI does: the call's name first, its arguments in two pieces.
      const [first = { id: '', function: { name: '', arguments: '' } }] = toolCalls;
      const half = Math.ceil(first.function.arguments.length / 2);
      const piece = (extra: object) => ({ tool_calls: [{ index: 0, ...extra }] });
      lines.push(
        chunk(
          {
            role: 'assistant',
            ...piece({ id: first.id, type: 'function', function: { name: first.function.name, arguments: '' } }),
          },
          null,
        ),
      );
      lines.push(chunk(piece({ function: { arguments: first.function.arguments.slice(0, half) } }), null));
      lines.push(chunk(piece({ function: { arguments: first.function.arguments.slice(half) } }), null));
    }
    lines.push(chunk({}, call ? 'tool_calls' : 'stop'));
    lines.push(
      chunk({}, null, { prompt_tokens: 10, completion_tokens: words.length, total_tokens: 10 + words.length }),
    );
    lines.push('data: [DONE]\n\n');
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    await writeSlowly(response, lines, {
      firstDelayMs: state.firstTokenDelayMs,
      delayMs: state.tokenDelayMs,
      cutAfter: state.disconnectAfterTokens,
    });
  }

  return Object.assign(server, {
    knobs: state,
    chats: () => server.requests.filter((request) => request.path.startsWith('/v1/chat/completions')),
  });
}
