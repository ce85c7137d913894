import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { TEXT_FRAME_MS } from '../lib/text-batcher';

/** Proxies drop quiet connections; a comment line now and then keeps a slow stream open. */
const HEARTBEAT_MS = 15_000;

/**
 * Writes are paced to at most one per frame (16 ms): the first event goes out at once (no added latency to
 * the first token), later ones within the same frame are sent together. A fast local model produces
 * thousands of tokens a second; one socket write and one client wake-up per token would steal CPU from
 * the model itself on small machines.
 */
const FLUSH_INTERVAL_MS = TEXT_FRAME_MS;

export interface EventStream {
  /**
   * `event: <name>` (omitted when null) and one `data:` line of JSON. `paced` events (streamed tokens) may
   * wait up to one frame to go out together; others, and the first paced one, go out at once.
   */
  send(event: string | null, data: unknown, options?: { paced?: boolean }): void;
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
  let pending = '';
  let lastFlush = 0;
  let pacedSent = false;
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    lastFlush = performance.now();
    if (pending && !client.signal.aborted) body.write(pending);
    pending = '';
  };
  const write = (text: string, paced = false) => {
    if (ended || client.signal.aborted) return;
    pending += text;
    if (!paced || !pacedSent) {
      pacedSent ||= paced;
      if (timer) clearTimeout(timer);
      flush();
      return;
    }
    if (timer) return;
    const wait = FLUSH_INTERVAL_MS - (performance.now() - lastFlush);
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const stopTimers = () => {
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
  };

  // The client may already have left while the request was being checked and stored.
  if (reply.raw.destroyed || reply.raw.socket?.destroyed === true) client.abort(new Error('Client disconnected'));
  reply.raw.on('close', () => {
    stopTimers();
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
    stopTimers();
    flush();
    ended = true;
    body.end();
  };
  return {
    send: (event, data, sendOptions) =>
      write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`, sendOptions?.paced === true),
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
