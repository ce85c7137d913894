/**
 * The one CSV reader, for the admin user import and for CSV documents: csv-parse (RFC 4180: optional double
 * quotes around a field, `""` for a quote inside quotes, delimiters and line breaks inside quoted fields). Line
 * ends may be LF, CRLF or a lone CR; a byte-order mark is skipped; a quote in the middle of an unquoted field is
 * text; rows may have different lengths; rows without content are dropped by the callers. A quote left open at
 * the end of the text is an error rather than a silently swallowed rest of the file.
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError as ParserError, type Options, Parser } from 'csv-parse';

/** One parsed record and the line it starts on (1-based), so problems can be reported by row. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/**
 * Blank lines come through as one empty field (skip_empty_lines would hide where they were, and rows are
 * numbered by line); callers drop rows without content.
 */
const OPTIONS: Options = {
  bom: true,
  relax_quotes: true,
  relax_column_count: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** Bytes handed to the parser at a time: each chunk's records are consumed before the next one is parsed. */
const CHUNK_BYTES = 64 * 1024;

/** The input a chunk at a time, with a turn of the event loop between chunks (the parsing itself never waits). */
async function* chunks(data: Buffer): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
    if (offset > 0) await nextTurn();
    yield data.subarray(offset, offset + CHUNK_BYTES);
  }
}

/** Line breaks (LF, CRLF, lone CR) inside a field: only a quoted field has any. */
function lineBreaks(field: string): number {
  if (!field.includes('\n') && !field.includes('\r')) return 0;
  return field.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/**
 * Calls `onRow` with each row's fields and the line it starts on, as it is parsed, none kept. This is csv-parse's
 * streaming parser fed a chunk at a time: its sync API collects every record, its per-record hook builds an info
 * object per record that costs four times the parsing (and counts a CRLF inside quotes as two lines), and between
 * chunks other work gets its turn (the admin import parses on the server's main thread). Lines are counted here:
 * one per record plus the line breaks inside its fields.
 */
export async function forEachCsvRow(
  data: Buffer,
  delimiter: string,
  onRow: (fields: string[], line: number) => void,
): Promise<void> {
  let line = 1;
  const sink = new Writable({
    objectMode: true,
    highWaterMark: 1_024,
    write(fields: string[], _encoding, done) {
      try {
        onRow(fields, line);
        line += 1;
        for (const field of fields) line += lineBreaks(field);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(Readable.from(chunks(data)), new Parser({ ...OPTIONS, delimiter }), sink);
  } catch (error) {
    if (!(error instanceof ParserError)) throw error;
    // The record that failed starts on the line after the last one read.
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvError(`A quoted field starting on row ${line} is never closed.`, line);
    }
    throw new CsvError(`The CSV could not be read near row ${line} (${error.message}).`, line);
  }
}

/** Every record with content (blank lines dropped) and the line it starts on: the admin user import. */
export async function parseCsv(text: string): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  await forEachCsvRow(Buffer.from(text), ',', (fields, line) => {
    if (fields.length > 1 || fields[0] !== '') records.push({ line, fields });
  });
  return records;
}
