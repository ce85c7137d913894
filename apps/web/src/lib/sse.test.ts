import { describe, expect, it } from 'vitest';
import { readSse, SseParser, type SseMessage } from './sse';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });

async function collect(body: ReadableStream<Uint8Array>): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const message of readSse(body)) out.push(message);
  return out;
}

describe('SseParser', () => {
  it('parses named events with JSON data', () => {
    const parser = new SseParser();
    const events = parser.push('event: token\ndata: {"text":"Hi"}\n\nevent: done\ndata: {}\n\n');
    expect(events).toEqual([
      { event: 'token', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('joins multi-line data, defaults the name to message and skips comments', () => {
    const parser = new SseParser();
    expect(parser.push(': keep-alive\n\ndata: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('copes with any chunking, CRLF and CR line ends', () => {
    const parser = new SseParser();
    const text = 'event: token\r\ndata: {"text":"x"}\r\n\r\nevent: done\rdata: 1\r\r';
    const out: SseMessage[] = [];
    for (const char of text) out.push(...parser.push(char));
    out.push(...parser.end());
    expect(out).toEqual([
      { event: 'token', data: '{"text":"x"}' },
      { event: 'done', data: '1' },
    ]);
  });

  it('keeps the value after a colon without its single leading space, and the id', () => {
    const parser = new SseParser();
    expect(parser.push('id: 7\ndata:  two spaces\n\n')).toEqual([{ event: 'message', data: ' two spaces', id: '7' }]);
  });

  it('drops an event whose blank line never came', () => {
    const parser = new SseParser();
    expect(parser.push('event: token\ndata: half')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});

describe('readSse', () => {
  it('reads events split across byte chunks, multi-byte characters included', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"héllo €"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    expect(await collect(body)).toEqual([{ event: 'token', data: '{"text":"héllo €"}' }]);
  });

  it('stops at the end of the stream', async () => {
    expect(await collect(streamOf('data: 1\n\n', 'data: 2\n\n'))).toHaveLength(2);
  });
});
