import type { ServerResponse } from 'node:http';
import { hashedBagOfWords } from './fake-embedding';
import { type FakeServer, type RecordedRequest, startFakeServer, writeSlowly } from './fake-http';

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
};

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const error = (response: ServerResponse, status: number, message: string, code: string) =>
  json(response, status, { error: { message, type: 'invalid_request_error', code } });

export async function startFakeOpenAi(knobs: Partial<FakeOpenAiKnobs> = {}): Promise<FakeOpenAi> {
  const state: FakeOpenAiKnobs = { ...DEFAULT_KNOBS, ...knobs };
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
        return chat(body?.model ?? '', body?.stream === true, response);
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

  async function chat(model: string, stream: boolean, response: ServerResponse) {
    const words = state.reply.split(/(?<= )/);
    if (!stream) {
      return json(response, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_760_000_000,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: state.reply }, finish_reason: 'stop' }],
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
    lines.push(chunk({}, 'stop'));
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
