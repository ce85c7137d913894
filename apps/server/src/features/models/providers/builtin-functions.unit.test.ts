import { describe, expect, it } from 'vitest';
import { fromLlamaCalls, toLlamaFunctions, toLlamaHistory } from './builtin-functions';

describe('function calling for built-in GGUF models', () => {
  it('gives an assistant turn its calls with the results of the tool turns, and continues it', () => {
    const history = toLlamaHistory([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 6 * 7?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'a', name: 'calculator', arguments: '{"expression":"6*7"}' }],
      },
      { role: 'tool', content: '42', toolCallId: 'a' },
    ]);
    expect(history).toEqual([
      { type: 'system', text: 'Be brief.' },
      { type: 'user', text: 'What is 6 * 7?' },
      {
        type: 'model',
        response: [{ type: 'functionCall', name: 'calculator', params: { expression: '6*7' }, result: '42' }],
      },
    ]);
    expect(toLlamaHistory([{ role: 'user', content: 'Hi' }]).at(-1)).toEqual({ type: 'model', response: [] });
  });

  it('keeps the grammar-safe part of a JSON schema and reads calls back as JSON text', () => {
    const functions = toLlamaFunctions([
      {
        name: 'lookup',
        description: 'Find an order',
        parameters: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 }, kind: { enum: ['a', 'b'] }, tags: { type: 'array' } },
          required: ['id'],
          additionalProperties: false,
        },
      },
    ]);
    expect(functions.lookup).toEqual({
      description: 'Find an order',
      params: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          kind: { enum: ['a', 'b'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
      },
    });
    expect(fromLlamaCalls([{ functionName: 'lookup', params: { id: 3 } }])).toEqual([
      { id: 'call_0', name: 'lookup', arguments: '{"id":3}' },
    ]);
  });
});
