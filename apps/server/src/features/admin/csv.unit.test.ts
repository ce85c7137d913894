import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv';

const fields = (text: string) => parseCsv(text).map((record) => record.fields);

describe('parseCsv', () => {
  it('splits plain rows and drops blank lines', () => {
    expect(fields('email,password\na@x.test,pw1\n\nb@x.test,pw2\n')).toEqual([
      ['email', 'password'],
      ['a@x.test', 'pw1'],
      ['b@x.test', 'pw2'],
    ]);
  });

  it('keeps commas, escaped quotes and line breaks inside quoted fields', () => {
    const records = parseCsv('name,note\n"Lovelace, Ada","She said ""hi"""\n"multi\nline",x\nlast,y');
    expect(records.map((record) => record.fields)).toEqual([
      ['name', 'note'],
      ['Lovelace, Ada', 'She said "hi"'],
      ['multi\nline', 'x'],
      ['last', 'y'],
    ]);
    // Rows are numbered by the line they start on, so a multi-line field shifts the ones after it.
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 5]);
  });

  it('reads CRLF and a lone CR as line ends and ignores a byte-order mark', () => {
    expect(fields('\ufeffa,b\r\n1,2\r\n"x\r\ny",3\r4,5')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['x\r\ny', '3'],
      ['4', '5'],
    ]);
  });

  it('keeps empty fields, including trailing ones', () => {
    expect(fields('a,,c,\n,,,')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('refuses a quote that is never closed, naming the row', () => {
    const thrown = (() => {
      try {
        parseCsv('email,password\nok,1\n"a@x.test,pw');
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(CsvError);
    expect((thrown as CsvError).line).toBe(3);
  });

  it('treats a quote in the middle of an unquoted field as text', () => {
    expect(fields('ab"c,d')).toEqual([['ab"c', 'd']]);
  });
});
