/**
 * CSV: every row indexed as "header: value" lines, preview = headers + first 10 rows + '... and N more rows'.
 * Rows come from the one CSV reader (lib/csv.ts) one at a time and are only kept until the character cap, so a
 * million-row file stays bounded.
 */
import { CsvError, forEachCsvRow } from '../../../lib/csv';
import { ExtractionError } from '../extract-text';
import { decodeText } from '../sniff';
import { type Extractor, type ExtractorResult, section } from '../types';

const PREVIEW_ROWS = 10;
const ROWS_PER_SECTION = 50;
const MAX_COLUMNS = 1_000;

/**
 * The delimiter the first line uses most (comma unless semicolons or tabs outnumber commas). csv-parse takes one
 * delimiter, or a list it splits on all at once, so a European ';' export with commas in its numbers needs this.
 */
function detectDelimiter(text: string, extension: string): string {
  if (extension === 'tsv') return '\t';
  const newline = text.indexOf('\n');
  const firstLine = text.slice(0, newline < 0 ? 4096 : Math.min(newline, 4096));
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : count('\t') > count(',') ? '\t' : ',';
}

export const extractCsv: Extractor = async (data, { extension, limits }): Promise<ExtractorResult> => {
  // Checks that the bytes are text; the reader then parses the bytes themselves (the same UTF-8).
  const text = decodeText(data, extension);
  let headers: string[] | null = null;
  const previewLines: string[] = [];
  const sections = [];
  let block: string[] = [];
  let chars = 0;
  let total = 0;
  const onRow = (fields: string[]) => {
    if (fields.every((value) => value === '')) return; // a blank line or a row of bare delimiters
    const row = fields.length > MAX_COLUMNS ? fields.slice(0, MAX_COLUMNS) : fields;
    if (!headers) {
      headers = row.map((header, index) => header.trim() || `Column ${index + 1}`);
      previewLines.push(headers.join(', '));
      return;
    }
    total += 1;
    if (total <= PREVIEW_ROWS) previewLines.push(row.join(', '));
    if (chars > limits.maxChars) return; // keep counting rows for the preview, stop keeping text
    const names = headers;
    const record = row.map((value, index) => `${names[index] ?? `Column ${index + 1}`}: ${value}`).join('\n');
    chars += record.length + 2;
    block.push(record);
    if (block.length === ROWS_PER_SECTION) {
      sections.push(section(block.join('\n\n')));
      block = [];
    }
  };
  try {
    await forEachCsvRow(data, detectDelimiter(text, extension), onRow);
  } catch (error) {
    if (error instanceof CsvError) throw new ExtractionError(`The CSV file cannot be read. ${error.message}`);
    throw error;
  }
  if (block.length) sections.push(section(block.join('\n\n')));
  const header: string[] = headers ?? [];
  if (!sections.length && header.length) sections.push(section(header.join(', ')));
  if (total > PREVIEW_ROWS) previewLines.push(`... and ${total - PREVIEW_ROWS} more rows`);
  return { sections, preview: previewLines.join('\n') };
};
