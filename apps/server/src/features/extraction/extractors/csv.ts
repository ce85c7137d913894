/**
 * CSV: every row indexed as "header: value" lines, preview = headers + first 10 rows + '... and N more rows'.
 * Rows are parsed one at a time and only kept until the character cap, so a million-row file stays bounded.
 */
import { decodeText } from '../sniff';
import { type Extractor, type ExtractorResult, section } from '../types';

const PREVIEW_ROWS = 10;
const ROWS_PER_SECTION = 50;
const MAX_COLUMNS = 1_000;

/** Yields rows of an RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF). */
export function* csvRows(text: string, delimiter: string): Generator<string[]> {
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      if (row.length < MAX_COLUMNS) row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      if (row.some((value) => value !== '')) yield row;
      row = [];
      field = '';
    } else field += char;
  }
  row.push(field);
  if (row.some((value) => value !== '')) yield row;
}

function detectDelimiter(text: string, extension: string): string {
  if (extension === 'tsv') return '\t';
  const newline = text.indexOf('\n');
  const firstLine = text.slice(0, newline < 0 ? 4096 : Math.min(newline, 4096));
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : count('\t') > count(',') ? '\t' : ',';
}

export const extractCsv: Extractor = (data, { extension, limits }): ExtractorResult => {
  const text = decodeText(data, extension).replace(/^\uFEFF/, '');
  const rows = csvRows(text, detectDelimiter(text, extension));
  const first: string[] = rows.next().value ?? [];
  const headers = first.map((header, index) => header.trim() || `Column ${index + 1}`);
  const previewLines = [headers.join(', ')];
  const sections = [];
  let block: string[] = [];
  let chars = 0;
  let total = 0;
  for (const row of rows) {
    total += 1;
    if (total <= PREVIEW_ROWS) previewLines.push(row.join(', '));
    if (chars > limits.maxChars) continue; // keep counting rows for the preview, stop keeping text
    const record = row.map((value, index) => `${headers[index] ?? `Column ${index + 1}`}: ${value}`).join('\n');
    chars += record.length + 2;
    block.push(record);
    if (block.length === ROWS_PER_SECTION) {
      sections.push(section(block.join('\n\n')));
      block = [];
    }
  }
  if (block.length) sections.push(section(block.join('\n\n')));
  if (!sections.length && headers.length) sections.push(section(headers.join(', ')));
  if (total > PREVIEW_ROWS) previewLines.push(`... and ${total - PREVIEW_ROWS} more rows`);
  return { sections, preview: previewLines.join('\n') };
};
