/**
 * Content sniffing: a file's bytes must match its extension, so a binary renamed .txt or a zip renamed .pdf
 * is refused with a clear message instead of being indexed as garbage.
 */
import { ExtractionError } from './extract-text';

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte);

export const isZip = (data: Buffer) =>
  startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06]);

/** PDF readers accept the header anywhere in the first kilobyte. */
export const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp' | 'bmp';

export function imageKind(data: Buffer): ImageKind | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (data.subarray(0, 6).toString('latin1').startsWith('GIF8')) return 'gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (data.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  return null;
}

const SAMPLE_BYTES = 64 * 1024;
/** Share of U+FFFD replacement characters in the decoded sample above which the file is not UTF-8 text. */
const MAX_INVALID_RATIO = 0.02;

/** True when the bytes look like text: no NUL bytes and (almost) valid UTF-8 in a sample. */
export function looksLikeText(data: Buffer): boolean {
  const sample = data.subarray(0, SAMPLE_BYTES);
  if (sample.includes(0)) return false;
  // A multi-byte character cut at the sample's end decodes as up to 3 replacement characters; ignore them.
  const decoded = sample.toString('utf8');
  let invalid = 0;
  for (const char of decoded) if (char === '\uFFFD') invalid += 1;
  if (sample.length < data.length) invalid = Math.max(0, invalid - 3);
  // Control characters other than tab, newline, form feed, carriage return and escape (ANSI logs) mark binary.
  let controls = 0;
  for (let index = 0; index < decoded.length; index += 1) {
    const code = decoded.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d && code !== 0x1b) controls += 1;
  }
  return (invalid + controls) / Math.max(decoded.length, 1) <= MAX_INVALID_RATIO;
}

/** Decodes UTF-8 text, refusing binary content with a message that names the extension. */
export function decodeText(data: Buffer, extension: string): string {
  if (!looksLikeText(data)) {
    throw new ExtractionError(
      `The file content does not match its .${extension || 'txt'} extension (it looks like binary data).`,
      false,
      'unsupported',
    );
  }
  return data.toString('utf8');
}

export function mismatch(extension: string, expected: string): ExtractionError {
  return new ExtractionError(
    `The file content does not match its .${extension} extension (${expected}).`,
    false,
    'unsupported',
  );
}
