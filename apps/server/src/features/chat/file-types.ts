import { CHAT_ALLOWED_EXTENSIONS } from '@hearth/contract';

export type ChatExtension = (typeof CHAT_ALLOWED_EXTENSIONS)[number];

interface FileType {
  mime: string;
  kind: 'image' | 'document';
  /** Does the content really look like this type? */
  matches(data: Buffer): boolean;
}

const startsWith = (data: Buffer, ...bytes: number[]) => bytes.every((byte, index) => data[index] === byte);
const ascii = (data: Buffer, offset: number, text: string) =>
  data.subarray(offset, offset + text.length).toString('latin1') === text;
const head = (data: Buffer, bytes = 4096) => data.subarray(0, bytes);
const isText = (data: Buffer) => !head(data, 8192).includes(0);

const jpeg: FileType = { mime: 'image/jpeg', kind: 'image', matches: (d) => startsWith(d, 0xff, 0xd8, 0xff) };
const word: FileType = {
  mime: 'application/msword',
  kind: 'document',
  matches: (d) => startsWith(d, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
};

/** Spec §5's allowed extensions, each with its media type and the signature its content must carry. */
export const FILE_TYPES: Record<ChatExtension, FileType> = {
  pdf: { mime: 'application/pdf', kind: 'document', matches: (d) => head(d, 1024).includes('%PDF-') },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
    // A zip whose entries (names are stored uncompressed) include the Word document part.
    matches: (d) => startsWith(d, 0x50, 0x4b, 0x03, 0x04) && d.includes('word/'),
  },
  doc: word,
  txt: { mime: 'text/plain', kind: 'document', matches: isText },
  jpg: jpeg,
  jpeg,
  png: {
    mime: 'image/png',
    kind: 'image',
    matches: (d) => startsWith(d, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  },
  gif: { mime: 'image/gif', kind: 'image', matches: (d) => ascii(d, 0, 'GIF87a') || ascii(d, 0, 'GIF89a') },
  bmp: { mime: 'image/bmp', kind: 'image', matches: (d) => ascii(d, 0, 'BM') && d.length > 26 },
  webp: { mime: 'image/webp', kind: 'image', matches: (d) => ascii(d, 0, 'RIFF') && ascii(d, 8, 'WEBP') },
  svg: {
    mime: 'image/svg+xml',
    kind: 'image',
    matches: (d) => isText(d) && /<svg[\s>]/i.test(head(d).toString('utf8')),
  },
};

export function extensionOf(fileName: string): ChatExtension | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  return CHAT_ALLOWED_EXTENSIONS.find((allowed) => allowed === extension);
}

/** Images a vision model can look at (SVG is markup: it goes to the model as text instead). */
export const isRasterImage = (mime: string): boolean => mime.startsWith('image/') && mime !== 'image/svg+xml';
