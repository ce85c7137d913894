import type { ChatStreamEvent } from '@hearth/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatEvents } from './chat-events';

const eventStream = (...chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

describe('chatEvents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('yields validated events, a data field spread over several data: lines included', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          eventStream(
            'event: token\ndata: {"text":"Hel"}\n\n',
            // The same JSON pretty-printed: one data: line per line, joined with newlines by the reader.
            'event: token\r\ndata: {\r\ndata:   "text": "lo"\r\n',
            'data: }\r\n\r\n: heartbeat\n\nevent: token\ndata: not json\n\n',
          ),
        ),
      ),
    );
    const events: ChatStreamEvent[] = [];
    for await (const event of chatEvents('/api/chat/stream', {}, new AbortController().signal)) events.push(event);
    expect(events).toEqual([
      { type: 'token', text: 'Hel' },
      { type: 'token', text: 'lo' },
    ]);
  });
});
