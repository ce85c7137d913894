/**
 * The document formats Hearth's parser reads (Workspace → Tools). The server's extractor registry is tested
 * against this list (extraction/document-formats.unit.test.ts), so the two cannot drift apart.
 */

export interface DocumentFormat {
  /** The detected format id the extractor reports (e.g. 'pdf', 'image'). */
  format: string;
  name: string;
  /** File extensions, lower case, without the dot. */
  extensions: readonly string[];
  description: string;
}

export const DOCUMENT_FORMATS: readonly DocumentFormat[] = [
  { format: 'txt', name: 'Plain text', extensions: ['txt', 'text'], description: 'Text as written.' },
  { format: 'md', name: 'Markdown', extensions: ['md', 'markdown'], description: 'Split by headings.' },
  { format: 'json', name: 'JSON', extensions: ['json'], description: 'Pretty-printed, indentation kept.' },
  { format: 'csv', name: 'CSV and TSV', extensions: ['csv', 'tsv'], description: 'Rows as text, with a preview.' },
  { format: 'html', name: 'Web pages', extensions: ['html', 'htm'], description: 'Readable text, split by headings.' },
  { format: 'xml', name: 'XML and SVG', extensions: ['xml', 'svg'], description: 'The text nodes.' },
  { format: 'pdf', name: 'PDF', extensions: ['pdf'], description: 'Text by page; scanned pages by OCR.' },
  { format: 'docx', name: 'Word', extensions: ['docx'], description: 'Text split by headings.' },
  { format: 'doc', name: 'Word 97-2003', extensions: ['doc'], description: 'Best-effort text.' },
  { format: 'xlsx', name: 'Excel', extensions: ['xlsx'], description: 'Each sheet as rows of text.' },
  { format: 'pptx', name: 'PowerPoint', extensions: ['pptx'], description: 'Text by slide.' },
  {
    format: 'image',
    name: 'Images (OCR)',
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'],
    description: 'Text recognition with Tesseract, fully offline (English model included).',
  },
];
