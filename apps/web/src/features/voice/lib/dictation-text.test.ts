import { describe, expect, it } from 'vitest';
import { appendDictation, mediaError, recognitionError, speakableText } from './dictation-text';

describe('appendDictation', () => {
  it('appends with one space, fills an empty box, ignores nothing said', () => {
    expect(appendDictation('', ' hello ')).toBe('hello');
    expect(appendDictation('Dear team,', 'the build is green')).toBe('Dear team, the build is green');
    expect(appendDictation('Line one\n', 'line two')).toBe('Line one\nline two');
    expect(appendDictation('kept', '  ')).toBe('kept');
  });
});

describe('dictation errors', () => {
  it('tells a denied permission from a missing microphone and other failures', () => {
    expect(mediaError(new DOMException('no', 'NotAllowedError'))).toBe('permission');
    expect(mediaError(new DOMException('none', 'NotFoundError'))).toBe('noMicrophone');
    expect(mediaError(new Error('boom'))).toBe('runtime');
    expect(recognitionError('not-allowed')).toBe('permission');
    expect(recognitionError('no-speech')).toBe('noSpeech');
    expect(recognitionError('audio-capture')).toBe('noMicrophone');
    expect(recognitionError('network')).toBe('runtime');
    expect(recognitionError('aborted')).toBeNull();
  });
});

describe('speakableText', () => {
  it('reads the words, not the Markdown', () => {
    const markdown =
      '# Leave\n\nYou get **25 days** [1], see [the policy](https://x.test).\n\n```js\ncode()\n```\n- `one` item';
    expect(speakableText(markdown)).toBe('Leave\nYou get 25 days, see the policy.\none item');
  });

  it('cuts long texts at a sentence end within the limit', () => {
    const text = `${'First sentence. '.repeat(10)}Tail words without end`;
    const cut = speakableText(text, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut.endsWith('.')).toBe(true);
  });
});
