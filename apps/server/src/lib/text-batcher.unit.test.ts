import { describe, expect, it } from 'vitest';
import { TextBatcher } from './text-batcher';

const FRAME_MS = 30;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TextBatcher', () => {
  it('sends the first chunk at once, then at most one chunk a frame with all that came, in order', async () => {
    const out: string[] = [];
    const batcher = new TextBatcher((text) => out.push(text), FRAME_MS);
    batcher.push('Once');
    expect(out).toEqual(['Once']);
    batcher.push(' upon');
    batcher.push('');
    batcher.push(' a');
    await nextTurn();
    // Still within the frame of the first chunk: held.
    expect(out).toEqual(['Once']);
    await sleep(FRAME_MS + 15);
    expect(out).toEqual(['Once', ' upon a']);
  });

  it('sends text slower than a frame on the next turn, and everything pending on flush', async () => {
    const out: string[] = [];
    const batcher = new TextBatcher((text) => out.push(text), FRAME_MS);
    batcher.push('Once');
    await sleep(FRAME_MS + 15);
    batcher.push(' upon');
    // Never synchronously (the runtime goes on with the next token first), but without waiting a frame.
    expect(out).toEqual(['Once']);
    await nextTurn();
    expect(out).toEqual(['Once', ' upon']);
    batcher.push(' a');
    batcher.push(' time');
    batcher.flush();
    expect(out).toEqual(['Once', ' upon', ' a time']);
    await sleep(FRAME_MS + 15);
    expect(out).toEqual(['Once', ' upon', ' a time']);
  });

  it('hands what emit threw on a timer to the next push, where the caller can catch it', async () => {
    const batcher = new TextBatcher((text) => {
      if (text !== 'Once') throw new Error('downstream failed');
    }, FRAME_MS);
    batcher.push('Once');
    batcher.push(' upon');
    await sleep(FRAME_MS + 15);
    expect(() => batcher.push(' a')).toThrow('downstream failed');
  });
});
