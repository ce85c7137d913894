import { describe, expect, it } from 'vitest';
import { pngHeader } from '../extraction/test-fixtures';
import { FILE_TYPES, extensionOf } from './file-types';
import { isSimpleGreeting } from './greetings';
import { estimateTokens, planPrompt, type PromptInput } from './prompt-plan';
import { conversationTitle } from './title';

describe('conversation title (spec §4)', () => {
  it('uses text of 8 words or fewer as is', () => {
    expect(conversationTitle('What is the capital of France?')).toBe('What is the capital of France?');
    expect(conversationTitle('one two three four five six seven eight')).toBe(
      'one two three four five six seven eight',
    );
  });

  it('cuts short text longer than 50 characters to 50 plus an ellipsis', () => {
    const text = 'Supercalifragilisticexpialidocious antidisestablishmentarianism explained';
    expect(text.split(' ')).toHaveLength(3);
    expect(conversationTitle(text)).toBe(`${text.slice(0, 50)}...`);
    expect(conversationTitle('x'.repeat(50))).toBe('x'.repeat(50));
    expect(conversationTitle('x'.repeat(51))).toBe(`${'x'.repeat(50)}...`);
  });

  it('uses the first 8 words plus an ellipsis for longer text', () => {
    expect(conversationTitle('one two three four five six seven eight nine')).toBe(
      'one two three four five six seven eight...',
    );
  });

  it('treats newlines and runs of spaces as single spaces', () => {
    expect(conversationTitle('  Summarise\n\nthis   document  ')).toBe('Summarise this document');
    expect(conversationTitle('   ')).toBe('New Chat');
  });
});

describe('simple greetings (spec §4)', () => {
  it.each(['hi', 'Hello', 'hey!', 'Good morning', 'good  afternoon.', 'GOOD EVENING!!'])('%s is a greeting', (text) => {
    expect(isSimpleGreeting(text)).toBe(true);
  });

  it.each(['hi, what is in my contract?', 'hello world', 'good', 'morning', 'Explain this'])(
    '%s is not a greeting',
    (text) => {
      expect(isSimpleGreeting(text)).toBe(false);
    },
  );
});

describe('prompt plan: fitting the context window', () => {
  const history = Array.from({ length: 5 }, (_, index) => ({
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `message ${index} ${'y'.repeat(190)}`,
  }));
  /** A plain call (no system prompt, no history, nothing attached) unless the test says otherwise. */
  const plan = (input: Partial<PromptInput>) =>
    planPrompt({
      systemPrompt: null,
      history: [],
      message: 'q',
      documents: [],
      images: [],
      contextLength: null,
      ...input,
    });

  it('keeps everything when the window is unknown or large', () => {
    const result = plan({
      systemPrompt: 'system',
      history,
      message: 'question',
    });
    expect(result.truncated).toBe(false);
    expect(result.droppedMessages).toBe(0);
    expect(result.messages.map((turn) => turn.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'user',
    ]);
    expect(result.messages.at(-1)?.content).toBe('question');
  });

  it('drops the oldest history first and says how many', () => {
    const result = plan({
      systemPrompt: 'system',
      history,
      message: 'question',
      contextLength: 400,
    });
    expect(result.truncated).toBe(true);
    expect(result.droppedMessages).toBeGreaterThan(0);
    expect(result.droppedMessages).toBeLessThan(5);
    expect(result.messages.at(-2)?.content).toContain('message 4');
    expect(result.contextTokens).toBeLessThanOrEqual(300);
  });

  it('cuts attached document text, keeping the message', () => {
    const result = plan({
      message: 'summarise the file',
      documents: [{ name: 'big.txt', text: 'word '.repeat(10_000) }],
      contextLength: 2048,
    });
    expect(result.truncated).toBe(true);
    const content = result.messages[0]?.content ?? '';
    expect(content.startsWith('summarise the file')).toBe(true);
    expect(content).toContain('--- Attached document: big.txt ---');
    expect(content).toContain('[... text cut to fit ...]');
    expect(result.contextTokens).toBeLessThanOrEqual(1536);
  });

  it('counts Chinese, Japanese and Korean text as about a token a character, so it is cut to fit too', () => {
    expect(estimateTokens('word '.repeat(30))).toBe(50);
    expect(estimateTokens('文'.repeat(30))).toBe(30);
    expect(estimateTokens('こんにちは 안녕하세요')).toBe(11);
    const result = plan({
      message: '请总结这个文件',
      documents: [{ name: '报告.txt', text: '这是一个很长的中文文档。'.repeat(1_000) }],
      contextLength: 2048,
    });
    expect(result.truncated).toBe(true);
    const content = result.messages[0]?.content ?? '';
    expect(content.startsWith('请总结这个文件')).toBe(true);
    expect(content).toContain('[... text cut to fit ...]');
    expect(estimateTokens(content)).toBeLessThanOrEqual(1536);
    // Cut to fit, not to nothing: most of the room is used.
    expect(estimateTokens(content)).toBeGreaterThan(1200);
  });

  it('cuts a long Chinese message itself when nothing else is left to drop', () => {
    const result = plan({
      message: '问'.repeat(5_000),
      contextLength: 2048,
    });
    expect(result.truncated).toBe(true);
    expect(result.contextTokens).toBeLessThanOrEqual(1536);
    expect(result.messages[0]?.content.length).toBeGreaterThan(1400);
  });

  it('bounds document text even without a known window', () => {
    const result = plan({
      message: 'q',
      documents: [{ name: 'a.txt', text: 'a'.repeat(30_000) }],
    });
    expect(result.truncated).toBe(true);
    expect(result.messages[0]?.content.length).toBeLessThan(21_000);
  });
});

describe('chat file types (spec §5)', () => {
  it('accepts exactly the allowed extensions, case-insensitively', () => {
    for (const name of [
      'a.pdf',
      'b.DOCX',
      'c.doc',
      'd.txt',
      'e.JPG',
      'f.jpeg',
      'g.png',
      'h.gif',
      'i.bmp',
      'j.webp',
      'k.svg',
      // Like the knowledge base (issue #17).
      'l.md',
      'M.CSV',
    ]) {
      expect(extensionOf(name), name).toBeDefined();
    }
    for (const name of ['a.exe', 'c.html', 'noextension', 'd.pdf.exe', 'e.json']) {
      expect(extensionOf(name), name).toBeUndefined();
    }
  });

  it('checks content against the extension', async () => {
    // file-type (the one sniffer) wants a PNG's signature and its IHDR header, not the signature alone.
    const png = pngHeader(1, 1);
    expect(await FILE_TYPES.png.matches(png)).toBe(true);
    expect(await FILE_TYPES.png.matches(png.subarray(0, 12))).toBe(false);
    expect(await FILE_TYPES.jpeg.matches(png)).toBe(false);
    expect(await FILE_TYPES.pdf.matches(Buffer.from('%PDF-1.7\n...'))).toBe(true);
    expect(await FILE_TYPES.pdf.matches(Buffer.from('MZ\x90\x00'))).toBe(false);
    expect(await FILE_TYPES.txt.matches(Buffer.from('plain text'))).toBe(true);
    expect(await FILE_TYPES.txt.matches(Buffer.from([0x4d, 0x5a, 0x00, 0x01]))).toBe(false);
    expect(await FILE_TYPES.svg.matches(Buffer.from('<?xml version="1.0"?><svg xmlns="x"></svg>'))).toBe(true);
    expect(await FILE_TYPES.svg.matches(Buffer.from('<html></html>'))).toBe(false);
    expect(await FILE_TYPES.gif.matches(Buffer.from('GIF89a....'))).toBe(true);
    expect(await FILE_TYPES.webp.matches(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(await FILE_TYPES.doc.matches(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(
      true,
    );
    expect(await FILE_TYPES.doc.matches(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]))).toBe(false);
  });
});
