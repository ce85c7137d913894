import { describe, expect, it } from 'vitest';
import { parseSse, readSse, type SseMessage } from './sse-reader';

async function* bytes(...chunks: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
}

async function collect(body: AsyncIterable<Uint8Array>, comments?: string[]): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const message of readSse(body, comments && ((comment) => comments.push(comment)))) out.push(message);
  return out;
}

describe('parseSse', () => {
  it('names events ("message" by default) and keeps the id', () => {
    expect(parseSse('event: token\ndata: {"text":"Hi"}\n\nid: 7\ndata: x\n\n')).toEqual([
      { event: 'token', data: '{"text":"Hi"}' },
      { event: 'message', data: 'x', id: '7' },
    ]);
  });

  it('joins multi-line data with newlines, whatever the line ends', () => {
    expect(parseSse('data: {\r\ndata:  "a": 1\r\ndata: }\r\n\r\ndata: b\rdata: c\r\r')).toEqual([
      { event: 'message', data: '{\n "a": 1\n}' },
      { event: 'message', data: 'b\nc' },
    ]);
  });

  it('drops an event whose blank line never came', () => {
    expect(parseSse('data: whole\n\ndata: half\n')).toEqual([{ event: 'message', data: 'whole' }]);
  });
});

describe('readSse', () => {
  it('reads events split anywhere, multi-byte characters and CRLF pairs included, and passes comments on', async () => {
    const encoded = new TextEncoder().encode(': heartbeat\r\n\r\nevent: token\r\ndata: {"text":"héllo €"}\r\n\r\n');
    const comments: string[] = [];
    const events = await collect(bytes(...Array.from(encoded, (byte) => new Uint8Array([byte]))), comments);
    expect(events).toEqual([{ event: 'token', data: '{"text":"héllo €"}' }]);
    expect(comments).toEqual(['heartbeat']);
  });

  it('ends a last line that ends in a lone CR', async () => {
    expect(await collect(bytes('data: 1\r', '\r'))).toEqual([{ event: 'message', data: '1' }]);
  });

  it('throws when the connection drops', async () => {
    async function* dropped(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('data: 1\n\n');
      throw new Error('socket hang up');
    }
    const seen: SseMessage[] = [];
    await expect(
      (async () => {
        for await (const message of readSse(dropped())) seen.push(message);
      })(),
    ).rejects.toThrow('socket hang up');
    expect(seen).toEqual([{ event: 'message', data: '1' }]);
  });
});
