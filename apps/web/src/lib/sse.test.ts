import { describe, expect, it } from 'vitest';
import { readSse, type SseMessage } from './sse';

const streamOf = (...chunks: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });

async function collect(body: ReadableStream<Uint8Array>): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const message of readSse(body)) out.push(message);
  return out;
}

describe('readSse', () => {
  it('parses named events with JSON data', async () => {
    expect(await collect(streamOf('event: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {}\n\n'))).toEqual([
      { event: 'token', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('joins multi-line data, defaults the name to message and skips comments', async () => {
    const events = await collect(
      streamOf(': keep-alive\n\ndata: a\ndata: b\n\n', 'event: done\ndata: {\ndata: "x": 1\n', 'data: }\n\n'),
    );
    expect(events).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'done', data: '{\n"x": 1\n}' },
    ]);
    expect(JSON.parse(events[1]?.data ?? '')).toEqual({ x: 1 });
  });

  it('copes with any chunking, CRLF and CR line ends', async () => {
    const text = 'event: token\r\ndata: {"text":"x"}\r\n\r\nevent: done\rdata: 1\r\r';
    expect(await collect(streamOf(...text))).toEqual([
      { event: 'token', data: '{"text":"x"}' },
      { event: 'done', data: '1' },
    ]);
  });

  it('keeps the value after a colon without its single leading space, and the id', async () => {
    expect(await collect(streamOf('id: 7\ndata:  two spaces\n\n'))).toEqual([
      { event: 'message', data: ' two spaces', id: '7' },
    ]);
  });

  it('drops an event whose blank line never came', async () => {
    expect(await collect(streamOf('data: 1\n\n', 'event: token\ndata: half'))).toEqual([
      { event: 'message', data: '1' },
    ]);
  });

  it('reads events split across byte chunks, multi-byte characters included', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"héllo €"}\n\n');
    expect(await collect(streamOf(...Array.from(bytes, (byte) => new Uint8Array([byte]))))).toEqual([
      { event: 'token', data: '{"text":"héllo €"}' },
    ]);
  });

  it('stops at the end of the stream', async () => {
    expect(await collect(streamOf('data: 1\n\n', 'data: 2\n\n'))).toHaveLength(2);
  });
});
