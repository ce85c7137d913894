import http from 'node:http';
import { readSse } from '../src/lib/sse-reader';

/** A minimal server-sent-events reader for tests: collects events and waits for the ones a test expects. */
export interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  /** Everything received so far, as text (an error answer's JSON body, for instance). */
  text(): string;
  waitFor(predicate: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens an event stream with node:http (not fetch: after an abort, fetch's connection pool may open a spare
 * connection to the server, which then delays the server's shutdown).
 */
export async function openSse(
  url: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<SseClient> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const request = http.request(url, { method: options.method ?? (payload === undefined ? 'GET' : 'POST'), headers });
  request.end(payload);
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const listeners = new Set<() => void>();
  const received: Buffer[] = [];
  // Every chunk is also kept as it came, for text().
  async function* body(): AsyncGenerator<Buffer> {
    for await (const chunk of response) {
      received.push(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  const ended = (async () => {
    try {
      for await (const message of readSse(body(), (comment) => comments.push(comment))) {
        events.push({ event: message.event, data: JSON.parse(message.data) as unknown });
        for (const listener of listeners) listener();
      }
    } catch {
      // closed by the test
    }
  })();
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') responseHeaders.set(name, value);
  }
  return {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    events,
    comments,
    ended,
    text: () => Buffer.concat(received).toString('utf8'),
    close: () => request.destroy(),
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`),
          );
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
