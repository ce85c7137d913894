/** The composer's text with dictated text appended: one space between, nothing added to an empty box. */
export function appendDictation(current: string, dictated: string): string {
  const addition = dictated.trim();
  if (!addition) return current;
  if (!current.trim()) return addition;
  return /\s$/.test(current) ? `${current}${addition}` : `${current} ${addition}`;
}

/** What a failed dictation says (keys of the voice namespace's `errors`). */
export type DictationError = 'permission' | 'noMicrophone' | 'noSpeech' | 'runtime' | 'unsupported';

/** A getUserMedia or MediaRecorder failure as the person should hear it. */
export function mediaError(error: unknown): DictationError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noMicrophone';
  return 'runtime';
}

/** A Web Speech API error code (SpeechRecognitionErrorEvent.error) as ours; null for a deliberate stop. */
export function recognitionError(code: string): DictationError | null {
  switch (code) {
    case 'aborted':
      return null;
    case 'not-allowed':
    case 'service-not-allowed':
      return 'permission';
    case 'no-speech':
      return 'noSpeech';
    case 'audio-capture':
      return 'noMicrophone';
    default:
      return 'runtime';
  }
}

/**
 * Markdown turned into text worth reading aloud: code blocks, link targets, images and markup dropped,
 * at most `max` characters (cut at the last sentence end before it when there is one).
 */
export function speakableText(markdown: string, max = Infinity): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[(\d+)\]/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~)(\S[\s\S]*?\S|\S)\1/g, '$2')
    .replace(/^\s*[-*_]{3,}\s*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/ ([,.;:!?])/g, '$1')
    .replace(/\n{2,}/g, '\n')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '), cut.lastIndexOf('\n'));
  return (end > max / 2 ? cut.slice(0, end + 1) : cut).trim();
}
