import { createParser } from 'eventsource-parser';

/** One server-sent event: the `event:` name (default "message") and the joined `data:` lines. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads a fetch body as server-sent events (text/event-stream, parsed by eventsource-parser) until it ends or
 * the request's signal aborts it; EventSource cannot POST, so the answering streams are read this way.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const completed: SseMessage[] = [];
  const parser = createParser({
    onEvent: ({ event, data, id }) =>
      completed.push({ event: event ?? 'message', data, ...(id === undefined ? {} : { id }) }),
  });
  let endsWithCr = false;
  const feed = (text: string) => {
    if (!text) return;
    parser.feed(text);
    endsWithCr = text.endsWith('\r');
  };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
      yield* completed.splice(0);
    }
    feed(decoder.decode());
    // The parser holds a final CR back in case an LF follows; at the end it does not, and CR+LF is one line end.
    if (endsWithCr) parser.feed('\n');
    // An event whose blank line never came is dropped, as the standard says.
    yield* completed.splice(0);
  } finally {
    reader.releaseLock();
  }
}
