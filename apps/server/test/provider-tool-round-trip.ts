import { expect } from 'vitest';
import type { ChatChunk, ModelProvider } from '../src/features/models/model-provider';
import type { FakeToolCall } from './fakes/fake-ollama';

async function collect(stream: AsyncIterable<ChatChunk>): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/**
 * One function-calling round trip against a fake runtime (knobs.toolCall): the provider offers a tool, collects the
 * call the model makes, then sends the call and its result back and gets the answer made from it.
 */
export async function expectToolRoundTrip(
  provider: ModelProvider,
  model: string,
  knobs: { toolCall: FakeToolCall | null },
): Promise<void> {
  knobs.toolCall = { name: 'calculator', arguments: { expression: '6 * 7' } };
  try {
    const turn = [{ role: 'user' as const, content: 'Hi' }];
    const tools = [{ name: 'calculator', description: 'Arithmetic', parameters: { type: 'object' } }];
    const signal = new AbortController().signal;
    const asked = await collect(provider.chat({ model, messages: turn, tools, signal }));
    const call = asked.find((chunk) => chunk.type === 'tool_calls');
    expect(call).toEqual({
      type: 'tool_calls',
      calls: [{ id: expect.any(String), name: 'calculator', arguments: '{"expression":"6 * 7"}' }],
    });
    expect(asked.at(-1)).toMatchObject({ type: 'done', finishReason: 'tool_calls' });
    const calls = call?.type === 'tool_calls' ? call.calls : [];
    const followUp = [
      ...turn,
      { role: 'assistant' as const, content: '', toolCalls: calls },
      { role: 'tool' as const, content: '42', toolCallId: calls[0]?.id },
    ];
    const answered = await collect(provider.chat({ model, messages: followUp, tools, signal }));
    const text = answered.flatMap((chunk) => (chunk.type === 'token' ? [chunk.text] : [])).join('');
    expect(text).toBe('Tool result: 42');
    expect(answered.at(-1)).toMatchObject({ type: 'done', finishReason: 'stop' });
  } finally {
    knobs.toolCall = null;
  }
}
