import type { ChatStreamEvent } from '@hearth/contract';
import { parseSse, readSse } from '../src/lib/sse-reader';
import { type FakeOllama, type FakeOllamaKnobs, startFakeOllama } from './fakes/fake-ollama';
import { startTestServer, type TestServer } from './test-server';

export interface ChatFixture {
  server: TestServer;
  ollama: FakeOllama;
  close(): Promise<void>;
}

/** The real server with one fake Ollama as its only model runtime (model lists cached for the whole file). */
export async function startChatServer(
  knobs: Partial<FakeOllamaKnobs> = {},
  env: Record<string, string> = {},
): Promise<ChatFixture> {
  const ollama = await startFakeOllama(knobs);
  const server = await startTestServer({
    OLLAMA_BASE_URL: ollama.url,
    BUILTIN_RUNTIME: 'false',
    MODEL_LIST_CACHE_MS: '600000',
    ...env,
  });
  return {
    server,
    ollama,
    close: async () => {
      await server.close();
      await ollama.close();
    },
  };
}

/** Server-sent events of a text/event-stream body, as the web client reads them. */
export function parseEvents(text: string): ChatStreamEvent[] {
  return parseSse(text).map((message) => JSON.parse(message.data) as ChatStreamEvent);
}

export interface StreamResult {
  status: number;
  contentType: string | null;
  events: ChatStreamEvent[];
  /** The JSON error body when the request was refused before streaming. */
  error?: { code: string; message: string; details?: unknown };
}

/** POSTs to a streaming chat route and reads the whole answer. */
export async function streamChat(
  server: TestServer,
  token: string,
  path: string,
  body: unknown,
): Promise<StreamResult> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) {
    return { status: response.status, contentType, events: [], error: JSON.parse(text) as StreamResult['error'] };
  }
  return { status: response.status, contentType, events: parseEvents(text) };
}

/** Opens a stream and reads events one at a time, so a test can act mid-answer (Stop). */
export async function openChatStream(server: TestServer, token: string, path: string, body: unknown) {
  const controller = new AbortController();
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (!response.body) throw new Error('no body');
  const messages = readSse(response.body);
  return {
    status: response.status,
    /** The next event, or undefined at the end of the stream. */
    async next(): Promise<ChatStreamEvent | undefined> {
      const { value, done } = await messages.next();
      return done ? undefined : (JSON.parse(value.data) as ChatStreamEvent);
    },
    /** Reads until an event of the given type (returned) or the end (undefined). */
    async until<T extends ChatStreamEvent['type']>(type: T) {
      for (let event = await this.next(); event; event = await this.next()) {
        if (event.type === type) return event as Extract<ChatStreamEvent, { type: T }>;
      }
      return undefined;
    },
    /** The client goes away, as closing the tab or pressing Stop does. */
    abort: () => controller.abort(),
  };
}

/** Polls until `check` returns a value (not undefined) or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
