/**
 * Content sniffing, for documents and chat attachments alike: a file's bytes must match its extension, so a
 * binary renamed .txt or a zip renamed .pdf is refused with a clear message instead of being indexed as garbage.
 * Binary formats are recognised by file-type (magic numbers, and the parts inside a zip); whether bytes are text
 * is a question of encoding, not magic numbers, and is answered here.
 */
import { fileTypeFromBuffer } from 'file-type';

import { ExtractionError } from './extract-text';

type Detected = Awaited<ReturnType<typeof fileTypeFromBuffer>>;

/** file-type's answer; a file it cannot make sense of (it refuses some damaged zips) is simply not recognised. */
async function detect(data: Buffer): Promise<Detected> {
  try {
    return await fileTypeFromBuffer(data);
  } catch {
    return undefined;
  }
}

/** What file-type calls the zip-based formats (it looks inside for the parts that tell them apart). */
const ZIP_CONTAINERS: ReadonlySet<string> = new Set([
  'zip',
  ...['docx', 'docm', 'dotx', 'dotm', 'xlsx', 'xlsm', 'xltx', 'xltm', 'pptx', 'pptm', 'ppsx', 'ppsm', 'potx', 'potm'],
  ...['odt', 'ott', 'ods', 'ots', 'odp', 'otp', 'odg', 'otg', 'epub', 'vsdx', '3mf', 'jar', 'apk', 'xpi'],
]);

export const isZip = async (data: Buffer): Promise<boolean> => ZIP_CONTAINERS.has((await detect(data))?.ext ?? '');

/** A Word document by its content: file-type's docx, or a zip holding Word parts (names are stored uncompressed). */
export async function isWordDocument(data: Buffer): Promise<boolean> {
  const ext = (await detect(data))?.ext ?? '';
  // file-type says "zip" when [Content_Types].xml names no main part; mammoth reads such files all the same.
  return ext === 'docx' || (ZIP_CONTAINERS.has(ext) && data.includes('word/'));
}

/** Word 97-2003 and the other OLE2 compound files. */
export const isOle2 = async (data: Buffer): Promise<boolean> => (await detect(data))?.ext === 'cfb';

/**
 * PDF readers (pdf.js, which unpdf uses) accept the header anywhere in the first kilobyte; file-type looks only
 * at the first bytes, so it would refuse PDFs that every reader opens. This one rule stays here for that reason.
 */
export const isPdf = (data: Buffer): boolean => data.subarray(0, 1024).includes('%PDF-');

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp' | 'bmp';

const IMAGE_KINDS: Readonly<Record<string, ImageKind>> = {
  png: 'png',
  apng: 'png', // an animated PNG is a PNG to every reader
  jpg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
};
/** file-type takes any file starting with "BM" for a bitmap; a real one has at least its 26 bytes of headers. */
const MIN_BMP_BYTES = 26;

/** The raster image kind the bytes are, or null when they are none of those Hearth reads. */
export async function imageKind(data: Buffer): Promise<ImageKind | null> {
  const kind = IMAGE_KINDS[(await detect(data))?.ext ?? ''] ?? null;
  return kind === 'bmp' && data.length < MIN_BMP_BYTES ? null : kind;
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
