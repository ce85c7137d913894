import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A server-sent-events response. Sent through Fastify (not hijacked), so the usual hooks (security headers)
 * still apply. `signal` aborts when the client goes away, which is how upstream work gets cancelled.
 */
export class SseStream {
  private readonly stream = new PassThrough();
  private readonly controller = new AbortController();
  readonly signal = this.controller.signal;

  constructor(
    private readonly request: FastifyRequest,
    reply: FastifyReply,
  ) {
    reply.raw.on('close', () => this.controller.abort(new Error('Client disconnected')));
    request.raw.socket.setNoDelay(true);
    // An event stream is never followed by another request on its connection: close it with the stream.
    void reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .header('connection', 'close')
      .send(this.stream);
  }

  get closed(): boolean {
    return this.signal.aborted || this.stream.writableEnded;
  }

  send(event: string, data: unknown): void {
    if (this.closed) return;
    this.stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    if (!this.closed) this.stream.write(`: ${text}\n\n`);
  }

  end(): void {
    if (!this.stream.writableEnded) this.stream.end();
  }

  /** Server shutdown: end the stream and drop the connection, so closing the server never waits on it. */
  terminate(): void {
    this.end();
    this.request.raw.socket.destroySoon();
  }
}
