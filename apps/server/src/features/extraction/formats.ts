/**
 * Extension → detected format. A table of its own, so the main thread can name formats without loading a single
 * extractor: those run only in the extraction workers (read-document.ts maps each format to its extractor).
 */
const FORMAT_OF = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  json: 'json',
  csv: 'csv',
  tsv: 'csv',
  html: 'html',
  htm: 'html',
  xml: 'xml',
  svg: 'xml',
  docx: 'docx',
  doc: 'doc',
  pdf: 'pdf',
  xlsx: 'xlsx',
  pptx: 'pptx',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
} as const;

export type DocumentFormat = (typeof FORMAT_OF)[keyof typeof FORMAT_OF];

export const extensionOf = (fileName: string) => /\.([^./\\]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';

/** The format a file is read as; anything not listed is read as plain text when its bytes are text. */
export const formatOf = (extension: string): DocumentFormat =>
  Object.hasOwn(FORMAT_OF, extension) ? FORMAT_OF[extension as keyof typeof FORMAT_OF] : 'txt';

/** Extension → detected format of every registered extractor (Workspace → Tools lists these). */
export const registeredFormats = (): Record<string, string> => ({ ...FORMAT_OF });
