/** One server-sent event: the `event:` name (default "message") and the joined `data:` lines. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser for the text/event-stream format (WHATWG HTML §9.2), for streams read with fetch —
 * EventSource cannot POST. Feed it decoded text in any chunking; it returns the events completed so far.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const out: SseMessage[] = [];
    // A line ends at CRLF, LF or CR; a lone trailing CR may be the first half of a CRLF, so keep it.
    const pattern = /\r\n|\n|\r(?!$)/g;
    let start = 0;
    for (let match = pattern.exec(this.buffer); match; match = pattern.exec(this.buffer)) {
      const message = this.line(this.buffer.slice(start, match.index));
      if (message) out.push(message);
      start = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** The stream ended: an event without its blank line is dropped, as the standard says. */
  end(): SseMessage[] {
    // A final CR was held back in case an LF followed; it did not, so it ends its line.
    const pending = this.buffer.endsWith('\r') ? this.line(this.buffer.slice(0, -1)) : null;
    this.buffer = '';
    this.reset();
    return pending ? [pending] : [];
  }

  private reset(): void {
    this.event = '';
    this.data = [];
  }

  private line(line: string): SseMessage | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.reset();
        return null;
      }
      const message: SseMessage = { event: this.event || 'message', data: this.data.join('\n') };
      if (this.id !== undefined) message.id = this.id;
      this.reset();
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** Reads a fetch body as server-sent events until it ends (or the request's signal aborts it). */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    reader.releaseLock();
  }
}
