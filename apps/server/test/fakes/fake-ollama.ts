import type { ServerResponse } from 'node:http';
import { hashedBagOfWords } from './fake-embedding';
import { type FakeServer, type RecordedRequest, sleep, startFakeServer, writeSlowly } from './fake-http';

/**
 * A local stand-in for Ollama speaking its documented wire format: /api/tags, /api/chat (NDJSON stream),
 * /api/ps, /api/pull (NDJSON progress), /api/show, /api/embed, /api/delete. Knobs are plain mutable fields.
 */
export interface FakeOllamaModel {
  name: string;
  size?: number;
  parameter_size?: string;
  quantization_level?: string;
  family?: string;
  families?: string[] | null;
  /** As /api/show reports them, e.g. ['completion', 'vision'] or ['embedding']. */
  capabilities?: string[];
  context_length?: number;
}

export interface FakeOllamaKnobs {
  models: FakeOllamaModel[];
  /** The answer, streamed one word per NDJSON line. */
  reply: string;
  /** Another answer for these models (Compare asks several models at once). */
  replies: Record<string, string>;
  /** Chat requests to these models fail with a 500 (one runtime of a comparison going down). */
  failingModels: string[];
  firstTokenDelayMs: number;
  tokenDelayMs: number;
  /** Drop the connection after this many tokens (mid-stream disconnect). */
  disconnectAfterTokens: number | null;
  /** Answer every request with this status (e.g. 500). */
  failStatus: number | null;
  /** What /api/ps lists. */
  running: { name: string; size: number; size_vram: number }[];
  pullSteps: number;
  pullStepDelayMs: number;
  /** An error line Ollama sends instead of finishing the pull. */
  pullError: string | null;
  embeddingDimensions: number;
  /** Words the fake embedder treats as the same word (see fake-embedding.ts). */
  synonyms: Record<string, string>;
  /** Answer /api/embed (only) with this status. */
  embedFailStatus: number | null;
  /**
   * Function calling: when the request offers a tool of this name and its last message is not a tool result,
   * the answer is this call; after a tool result the answer is "Tool result: <the result>".
   */
  toolCall: FakeToolCall | null;
}

export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The shared function-calling rule of the fakes (see FakeOllamaKnobs.toolCall). */
export function plannedToolStep(
  toolCall: FakeToolCall | null,
  body: { tools?: { function?: { name?: string } }[]; messages?: { role: string; content?: unknown }[] },
): { call: FakeToolCall } | { reply: string } | null {
  const last = body.messages?.at(-1);
  if (last?.role === 'tool') return { reply: `Tool result: ${String(last.content ?? '')}` };
  if (!toolCall || !body.tools?.some((tool) => tool.function?.name === toolCall.name)) return null;
  return { call: toolCall };
}

export interface FakeOllama extends FakeServer {
  knobs: FakeOllamaKnobs;
  /** Chat requests received (the /api/chat bodies). */
  chats(): RecordedRequest[];
}

const DEFAULT_KNOBS: FakeOllamaKnobs = {
  models: [
    { name: 'llama3:latest', parameter_size: '8.0B', family: 'llama', capabilities: ['completion'] },
    {
      name: 'llava:13b',
      parameter_size: '13B',
      family: 'llama',
      families: ['llama', 'clip'],
      capabilities: ['completion', 'vision'],
    },
  ],
  reply: 'Hello from the fake Ollama runtime.',
  replies: {},
  failingModels: [],
  firstTokenDelayMs: 0,
  tokenDelayMs: 0,
  disconnectAfterTokens: null,
  failStatus: null,
  running: [],
  pullSteps: 3,
  pullStepDelayMs: 0,
  pullError: null,
  embeddingDimensions: 8,
  synonyms: {},
  embedFailStatus: null,
  toolCall: null,
};

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const modelName = (body: unknown): string => {
  const value = body as { model?: string; name?: string } | null;
  return value?.model ?? value?.name ?? '';
};

export async function startFakeOllama(knobs: Partial<FakeOllamaKnobs> = {}): Promise<FakeOllama> {
  // A copy of the defaults: a test that pulls or deletes a model must not change the next fake's list.
  const state: FakeOllamaKnobs = { ...structuredClone(DEFAULT_KNOBS), ...knobs };
  const find = (name: string) => state.models.find((model) => model.name === name);
  const server = await startFakeServer(async (request, response) => {
    if (state.failStatus) return json(response, state.failStatus, { error: 'internal fake failure' });
    const route = `${request.method} ${request.path.split('?')[0]}`;
    switch (route) {
      case 'GET /api/tags':
        return json(response, 200, {
          models: state.models.map((model) => ({
            name: model.name,
            model: model.name,
            size: model.size ?? 4_000_000_000,
            modified_at: '2026-11-01T10:00:00Z',
            digest: `sha256-${model.name.replace(/\W/g, '')}`,
            details: {
              format: 'gguf',
              family: model.family ?? 'llama',
              families: model.families ?? [model.family ?? 'llama'],
              parameter_size: model.parameter_size ?? '7B',
              quantization_level: model.quantization_level ?? 'Q4_0',
            },
          })),
        });
      case 'POST /api/show': {
        const model = find(modelName(request.body));
        if (!model) return json(response, 404, { error: `model '${modelName(request.body)}' not found` });
        return json(response, 200, {
          capabilities: model.capabilities ?? ['completion'],
          model_info: { 'general.architecture': 'llama', 'llama.context_length': model.context_length ?? 8192 },
          parameters: '',
        });
      }
      case 'GET /api/ps':
        return json(response, 200, { models: state.running });
      case 'POST /api/chat':
        return chat(request, response);
      case 'POST /api/embed': {
        if (!find(modelName(request.body))) return json(response, 404, { error: 'model not found' });
        if (state.embedFailStatus) return json(response, state.embedFailStatus, { error: 'embedding failed' });
        const input = (request.body as { input: string | string[] }).input;
        const texts = Array.isArray(input) ? input : [input];
        return json(response, 200, {
          embeddings: texts.map((text) => hashedBagOfWords(text, state.embeddingDimensions, state.synonyms)),
        });
      }
      case 'POST /api/pull':
        return pull(request, response);
      case 'DELETE /api/delete':
        state.models = state.models.filter((model) => model.name !== modelName(request.body));
        return json(response, 200, {});
      default:
        return json(response, 404, { error: 'not found' });
    }
  });

  async function chat(request: RecordedRequest, response: ServerResponse) {
    const body = request.body as { model: string; stream?: boolean };
    if (!find(body.model))
      return json(response, 404, { error: `model "${body.model}" not found, try pulling it first` });
    if (state.failingModels.includes(body.model)) return json(response, 500, { error: 'internal fake failure' });
    const step = plannedToolStep(state.toolCall, request.body as Parameters<typeof plannedToolStep>[1]);
    if (step && 'call' in step) {
      const message = {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: step.call.name, arguments: step.call.arguments } }],
      };
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${JSON.stringify({ model: body.model, message, done: false })}\n`);
      const end = { model: body.model, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' };
      response.end(`${JSON.stringify({ ...end, prompt_eval_count: 12, eval_count: 5 })}\n`);
      return;
    }
    const reply = step ? step.reply : (state.replies[body.model] ?? state.reply);
    const words = reply.split(/(?<= )/);
    const lines = words.map(
      (word) =>
        `${JSON.stringify({ model: body.model, message: { role: 'assistant', content: word }, done: false })}\n`,
    );
    lines.push(
      `${JSON.stringify({ model: body.model, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', prompt_eval_count: 12, eval_count: words.length })}\n`,
    );
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    await writeSlowly(response, lines, {
      firstDelayMs: state.firstTokenDelayMs,
      delayMs: state.tokenDelayMs,
      cutAfter: state.disconnectAfterTokens,
    });
  }

  async function pull(request: RecordedRequest, response: ServerResponse) {
    const name = modelName(request.body);
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const total = 1000;
    const lines = [`${JSON.stringify({ status: 'pulling manifest' })}\n`];
    for (let step = 1; step <= state.pullSteps; step += 1) {
      lines.push(
        `${JSON.stringify({ status: 'pulling abc123', digest: 'sha256:abc123', total, completed: Math.round((total * step) / state.pullSteps) })}\n`,
      );
    }
    lines.push(
      state.pullError
        ? `${JSON.stringify({ error: state.pullError })}\n`
        : `${JSON.stringify({ status: 'success' })}\n`,
    );
    await writeSlowly(response, lines, { delayMs: state.pullStepDelayMs });
    if (!state.pullError && response.writableFinished && !find(name)) {
      state.models.push({ name, parameter_size: '7B', capabilities: ['completion'] });
    }
    await sleep(0);
  }

  return Object.assign(server, {
    knobs: state,
    chats: () => server.requests.filter((request) => request.path === '/api/chat'),
  });
}
