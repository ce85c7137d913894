import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv';

const fields = async (text: string) => (await parseCsv(text)).map((record) => record.fields);

describe('parseCsv', () => {
  it('splits plain rows and drops blank lines', async () => {
    expect(await fields('email,password\na@x.test,pw1\n\nb@x.test,pw2\n')).toEqual([
      ['email', 'password'],
      ['a@x.test', 'pw1'],
      ['b@x.test', 'pw2'],
    ]);
  });

  it('keeps commas, escaped quotes and line breaks inside quoted fields', async () => {
    const records = await parseCsv('name,note\n"Lovelace, Ada","She said ""hi"""\n"multi\nline",x\nlast,y');
    expect(records.map((record) => record.fields)).toEqual([
      ['name', 'note'],
      ['Lovelace, Ada', 'She said "hi"'],
      ['multi\nline', 'x'],
      ['last', 'y'],
    ]);
    // Rows are numbered by the line they start on, so a multi-line field shifts the ones after it.
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 5]);
  });

  it('reads CRLF and a lone CR as line ends and ignores a byte-order mark', async () => {
    expect(await fields('\ufeffa,b\r\n1,2\r\n"x\r\ny",3\r4,5')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['x\r\ny', '3'],
      ['4', '5'],
    ]);
  });

  it('numbers rows by the line they start on with CRLF line ends and blank lines too', async () => {
    const records = await parseCsv('a,b\r\n\r\n"x\r\ny",1\r\n\r\n\r\nlast,2\r\n');
    expect(records.map((record) => record.line)).toEqual([1, 3, 7]);
    expect(records.map((record) => record.fields)).toEqual([
      ['a', 'b'],
      ['x\r\ny', '1'],
      ['last', '2'],
    ]);
  });

  it('keeps empty fields, including trailing ones', async () => {
    expect(await fields('a,,c,\n,,,')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('refuses a quote that is never closed, naming the row', async () => {
    const thrown = await parseCsv('email,password\nok,1\n"a@x.test,pw').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(CsvError);
    expect((thrown as CsvError).line).toBe(3);
    expect((thrown as CsvError).message).toBe('A quoted field starting on row 3 is never closed.');
  });

  it('numbers the row of a quote left open after blank lines and quoted line breaks', async () => {
    const thrown = await parseCsv('a,b\r\n"x\r\ny",1\r\n\r\n"open,2\r\n').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as CsvError).line).toBe(5);
    expect((thrown as CsvError).message).toBe('A quoted field starting on row 5 is never closed.');
  });

  it('reads a large import without holding the event loop for the whole text', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const records = await parseCsv(`email,password\n${'a@x.test,pw\n'.repeat(80_000)}`);
    clearInterval(timer);
    expect(records).toHaveLength(80_001);
    expect(records.at(-1)?.line).toBe(80_001);
    expect(ticks).toBeGreaterThan(1);
  });

  it('treats a quote in the middle of an unquoted field as text', async () => {
    expect(await fields('ab"c,d')).toEqual([['ab"c', 'd']]);
  });
});
