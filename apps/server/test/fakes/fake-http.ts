import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** Responses the client abandoned before the fake finished writing them (Stop, cancel, client gone). */
  disconnects: number;
  /** Resolves at the next client disconnect (or one that already happened since the last call). */
  waitForDisconnect(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse, raw: IncomingMessage) => unknown;

/** Responses the fake cut on purpose (mid-stream disconnect knob): not counted as client disconnects. */
const cutByFake = new WeakSet<ServerResponse>();

/** Drops the connection mid-response, as a crashing runtime would. */
export function cut(response: ServerResponse): void {
  cutByFake.add(response);
  response.socket?.destroy();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback HTTP server that records requests and notices clients that hang up mid-response. */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  let unseen = 0;
  let waiter: (() => void) | null = null;
  const fake: FakeServer = {
    url: '',
    requests: [],
    disconnects: 0,
    waitForDisconnect(timeoutMs = 1000) {
      if (unseen > 0) {
        unseen -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no client disconnect within ${timeoutMs} ms`)), timeoutMs);
        waiter = () => {
          clearTimeout(timer);
          unseen -= 1;
          resolve();
        };
      });
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = http.createServer(async (raw, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    const request: RecordedRequest = { method: raw.method ?? 'GET', path: raw.url ?? '/', headers: raw.headers, body };
    fake.requests.push(request);
    response.on('close', () => {
      if (response.writableFinished || cutByFake.has(response)) return;
      fake.disconnects += 1;
      unseen += 1;
      waiter?.();
      waiter = null;
    });
    try {
      await handler(request, response, raw);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500).end(String(error));
      else response.destroy();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Writes `lines` one by one; stops quietly when the client is gone. */
export async function writeSlowly(
  response: ServerResponse,
  lines: string[],
  options: { firstDelayMs?: number; delayMs?: number; cutAfter?: number | null },
): Promise<void> {
  for (const [index, line] of lines.entries()) {
    if (response.destroyed) return;
    if (options.cutAfter !== undefined && options.cutAfter !== null && index >= options.cutAfter) {
      await sleep(20); // let what was written reach the client first
      cut(response);
      return;
    }
    const delay = index === 0 ? (options.firstDelayMs ?? 0) : (options.delayMs ?? 0);
    if (delay > 0) await sleep(delay);
    if (response.destroyed) return;
    response.write(line);
  }
  response.end();
}
