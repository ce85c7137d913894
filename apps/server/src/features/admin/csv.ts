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
 * RFC 4180 CSV: comma-separated fields, optional double quotes around a field, `""` for a quote inside
 * quotes, commas and line breaks (LF or CRLF) inside quoted fields. Blank lines are dropped. A quote left
 * open at the end of the text is an error rather than a silently swallowed rest of the file.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      index += 1;
      continue;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      line += 1;
      recordLine = line;
    } else field += char;
    index += 1;
  }
  if (quoted) throw new CsvError(`A quoted field starting on row ${recordLine} is never closed.`, recordLine);
  endRecord();
  return records;
}
