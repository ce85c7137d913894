import { RegenerateBody } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { applySettings, contextWindow } from './chat-options';

const request = RegenerateBody.parse({ model: 'llama3:latest', temperature: 0.3, selectedCollections: ['a'] });

describe("a chat's own settings over the request's options", () => {
  it('keeps the request as it is when the chat has no settings', () => {
    expect(applySettings(request, {})).toEqual(request);
  });

  it("lets the chat's system prompt, parameters and collections win, but keeps the request's model", () => {
    const options = applySettings(request, {
      system_prompt: 'Be terse.',
      temperature: 1.5,
      top_p: 0.8,
      max_tokens: 100,
      context_size: 4096,
      collection_ids: ['b'],
      model: 'other:latest',
    });
    expect(options).toMatchObject({
      model: 'llama3:latest',
      systemPrompt: 'Be terse.',
      temperature: 1.5,
      topP: 0.8,
      maxTokens: 100,
      contextSize: 4096,
      selectedCollections: ['b'],
    });
  });

  it('ignores a blank system prompt and an empty collection list', () => {
    const options = applySettings(request, { system_prompt: '  ', collection_ids: [] });
    expect(options.systemPrompt).toBeUndefined();
    expect(options.selectedCollections).toEqual(['a']);
  });

  it("plans for the chat's context size, never more than the model's window", () => {
    expect(contextWindow(8192, undefined)).toBe(8192);
    expect(contextWindow(8192, 2048)).toBe(2048);
    expect(contextWindow(2048, 8192)).toBe(2048);
    expect(contextWindow(null, 4096)).toBe(4096);
  });
});
