import { createParser } from 'eventsource-parser';

/**
 * Reading server-sent events (text/event-stream, WHATWG HTML §9.2) with eventsource-parser: an OpenAI-compatible
 * runtime's answer, and our own streams in the tests and benchmarks. The one reader on the Node side (the web
 * app, bundled separately, has its own in apps/web/src/lib/sse.ts).
 */

/** One event: its name ("message" when the stream gave none, as EventSource does), its data lines joined by "\n". */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/** Text in (any chunking), completed events out. */
function sseParser(onComment?: (comment: string) => void) {
  const completed: SseMessage[] = [];
  let endsWithCr = false;
  const parser = createParser({
    onEvent: ({ event, data, id }) =>
      completed.push({ event: event ?? 'message', data, ...(id === undefined ? {} : { id }) }),
    onComment,
  });
  return {
    feed(text: string): SseMessage[] {
      if (text) {
        parser.feed(text);
        endsWithCr = text.endsWith('\r');
      }
      return completed.splice(0);
    },
    /**
     * The stream ended. A final CR ends its line (the parser holds it back in case an LF follows: adding the LF
     * makes the same single line end); an event whose blank line never came is dropped, as the standard says.
     */
    end(): SseMessage[] {
      if (endsWithCr) parser.feed('\n');
      parser.reset();
      return completed.splice(0);
    },
  };
}

/**
 * Reads a byte stream (a fetch body, a node:http response) as server-sent events until it ends. A connection
 * that drops mid-stream throws, as the body's own iteration does.
 */
export async function* readSse(
  body: AsyncIterable<Uint8Array>,
  onComment?: (comment: string) => void,
): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  const parser = sseParser(onComment);
  for await (const chunk of body) yield* parser.feed(decoder.decode(chunk, { stream: true }));
  yield* parser.feed(decoder.decode());
  yield* parser.end();
}

/** The events of a complete text/event-stream body. */
export function parseSse(text: string): SseMessage[] {
  const parser = sseParser();
  return [...parser.feed(text), ...parser.end()];
}
