import { CHAT_ALLOWED_EXTENSIONS } from '@hearth/contract';

import { imageKind, isOle2, isPdf, isWordDocument, type ImageKind } from '../extraction';

export type ChatExtension = (typeof CHAT_ALLOWED_EXTENSIONS)[number];

interface FileType {
  mime: string;
  kind: 'image' | 'document';
  /** Does the content really look like this type? Binary formats are sniffed by the one sniffer (extraction/sniff). */
  matches(data: Buffer): Promise<boolean>;
}

const head = (data: Buffer, bytes = 4096) => data.subarray(0, bytes);
const isText = (data: Buffer) => !head(data, 8192).includes(0);

const image = (mime: string, kind: ImageKind): FileType => ({
  mime,
  kind: 'image',
  matches: async (data) => (await imageKind(data)) === kind,
});
const jpeg = image('image/jpeg', 'jpg');
const word: FileType = { mime: 'application/msword', kind: 'document', matches: isOle2 };

/** Spec §5's allowed extensions, each with its media type and the content it must have. */
export const FILE_TYPES: Record<ChatExtension, FileType> = {
  pdf: { mime: 'application/pdf', kind: 'document', matches: async (d) => isPdf(d) },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
    matches: isWordDocument,
  },
  doc: word,
  // Text is a question of encoding, not magic numbers: no NUL bytes in the first 8 KB.
  txt: { mime: 'text/plain', kind: 'document', matches: async (d) => isText(d) },
  md: { mime: 'text/markdown', kind: 'document', matches: async (d) => isText(d) },
  csv: { mime: 'text/csv', kind: 'document', matches: async (d) => isText(d) },
  jpg: jpeg,
  jpeg,
  png: image('image/png', 'png'),
  gif: image('image/gif', 'gif'),
  bmp: image('image/bmp', 'bmp'),
  webp: image('image/webp', 'webp'),
  svg: {
    mime: 'image/svg+xml',
    kind: 'image',
    matches: async (d) => isText(d) && /<svg[\s>]/i.test(head(d).toString('utf8')),
  },
};

/** Raster images a vision model can be sent (analyze-image): PNG, JPEG, GIF, WebP or BMP by content. */
export const isRasterImageData = async (data: Buffer): Promise<boolean> => (await imageKind(data)) !== null;

export function extensionOf(fileName: string): ChatExtension | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  return CHAT_ALLOWED_EXTENSIONS.find((allowed) => allowed === extension);
}

/** Images a vision model can look at (SVG is markup: it goes to the model as text instead). */
export const isRasterImage = (mime: string): boolean => mime.startsWith('image/') && mime !== 'image/svg+xml';
