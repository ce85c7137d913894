import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Proxies drop quiet connections; a comment line now and then keeps a slow answer's stream open. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** `event: <name>` (omitted when null) and one `data:` line of JSON. */
  send(event: string | null, data: unknown): void;
  /** A raw `data:` line, e.g. OpenAI's `[DONE]`. */
  sendData(text: string): void;
  end(): void;
  /** Called once when the client goes away before the stream ended. */
  onClientGone(listener: () => void): void;
}

/** Starts a text/event-stream response. Writes after the client left are dropped. */
export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  let ended = false;
  // The client may already have left while the request was being checked and stored.
  let gone = reply.raw.destroyed || reply.raw.socket?.destroyed === true;
  const listeners: (() => void)[] = [];
  const write = (text: string) => {
    if (!ended && !gone) body.write(text);
  };
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  reply.raw.on('close', () => {
    clearInterval(heartbeat);
    if (ended || gone) return;
    gone = true;
    for (const listener of listeners) listener();
  });

  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(body);

  return {
    send: (event, data) => write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
    sendData: (text) => write(`data: ${text}\n\n`),
    end: () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      body.end();
    },
    onClientGone: (listener) => {
      if (gone) listener();
      else listeners.push(listener);
    },
  };
}
