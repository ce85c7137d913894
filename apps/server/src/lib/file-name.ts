/** Control characters (NUL included) and the bidi controls that make "report\u202Etxt.exe" read as "exe.txt". */
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Half a surrogate pair: not text, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /\p{Cs}/gu;
const MAX_LENGTH = 255;

/**
 * A file name as a client sent it (multipart filename, a scraped page's name), made fit to store and show:
 * control characters removed (a NUL fails on PostgreSQL and, on SQLite, hid a second extension: "a.txt\0.html"),
 * the last path segment only, trimmed, at most 255 characters with the extension kept. Every name we accept goes
 * through here, and the extension that picks an extractor is read from the result.
 */
export function cleanFileName(raw: string | null | undefined, fallback = 'file'): string {
  const text = (raw ?? '').replace(UNSAFE, '').replace(LONE_SURROGATE, '\uFFFD');
  const name = (text.split(/[\\/]/).pop() ?? '').trim();
  const chars = [...name];
  if (chars.length <= MAX_LENGTH) return name || fallback;
  const extension = /\.[^.]{1,16}$/u.exec(name)?.[0] ?? '';
  const extensionLength = [...extension].length;
  return (
    chars
      .slice(0, MAX_LENGTH - extensionLength)
      .join('')
      .trimEnd() + extension
  );
}
