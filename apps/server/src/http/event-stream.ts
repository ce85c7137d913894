import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Proxies drop quiet connections; a comment line now and then keeps a slow stream open. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /**
   * `event: <name>` (omitted when null) and one `data:` line of JSON, written at once: streamed text comes
   * already paced to one piece a frame (runModel, lib/text-batcher.ts), so a fast model costs one socket write
   * and one client wake-up per frame, not per token.
   */
  send(event: string | null, data: unknown): void;
  /** A raw `data:` line, e.g. OpenAI's `[DONE]`. */
  sendData(text: string): void;
  /** A comment line (`: text`), ignored by clients. */
  comment(text: string): void;
  end(): void;
  /** Server shutdown: end the stream and drop the connection, so closing the server never waits on it. */
  terminate(): void;
  /** Aborts when the client goes away before the stream ended: how upstream work gets cancelled. */
  readonly signal: AbortSignal;
  readonly closed: boolean;
}

/**
 * Starts a text/event-stream response, sent through Fastify (not hijacked) so the usual hooks (security
 * headers) still apply. Writes after the client left are dropped.
 */
export function openEventStream(reply: FastifyReply, options: { heartbeatMs?: number } = {}): EventStream {
  const body = new PassThrough();
  const client = new AbortController();
  let ended = false;

  const write = (text: string) => {
    if (!ended && !client.signal.aborted) body.write(text);
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  // The client may already have left while the request was being checked and stored.
  if (reply.raw.destroyed || reply.raw.socket?.destroyed === true) client.abort(new Error('Client disconnected'));
  reply.raw.on('close', () => {
    clearInterval(heartbeat);
    if (!ended) client.abort(new Error('Client disconnected'));
  });
  reply.raw.socket?.setNoDelay(true);

  // An event stream is never followed by another request on its connection: close it with the stream.
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .header('connection', 'close')
    .send(body);

  const end = () => {
    if (ended) return;
    clearInterval(heartbeat);
    ended = true;
    body.end();
  };
  return {
    send: (event, data) => write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
    sendData: (text) => write(`data: ${text}\n\n`),
    comment: (text) => write(`: ${text}\n\n`),
    end,
    terminate: () => {
      end();
      reply.raw.socket?.destroySoon();
    },
    signal: client.signal,
    get closed() {
      return ended || client.signal.aborted;
    },
  };
}
