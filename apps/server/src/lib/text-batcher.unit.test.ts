import { describe, expect, it } from 'vitest';
import { TextBatcher } from './text-batcher';

describe('TextBatcher', () => {
  it('sends the first chunk at once and the rest together on the next turn, in order', async () => {
    const out: string[] = [];
    const batcher = new TextBatcher((text) => out.push(text));
    batcher.push('Once');
    expect(out).toEqual(['Once']);
    batcher.push(' upon');
    batcher.push('');
    batcher.push(' a');
    expect(out).toEqual(['Once']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual(['Once', ' upon a']);
    batcher.push(' time');
    batcher.flush();
    expect(out).toEqual(['Once', ' upon a', ' time']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual(['Once', ' upon a', ' time']);
  });
});
