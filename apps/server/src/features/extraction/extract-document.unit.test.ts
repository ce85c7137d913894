import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS, extractDocument } from './extract-document';
import { ExtractionError, NO_CONTENT_MESSAGE } from './extract-text';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('extractDocument: text formats', () => {
  it('reads plain text and cleans whitespace', async () => {
    const document = await extractDocument(utf8('\uFEFFHello   world\r\n\r\n\r\n\r\nSecond  line\n'), 'notes.txt');
    expect(document).toMatchObject({ format: 'txt', text: 'Hello world\n\nSecond line' });
    expect(document.sections).toEqual([{ text: 'Hello world\n\nSecond line', page: null, headingPath: [] }]);
    expect(document.preview).toBe('Hello world\n\nSecond line');
  });

  it('splits markdown into sections by heading with heading paths', async () => {
    const markdown =
      '# Guide\nIntro text\n## Install\nRun it\n```\n# not a heading\n```\n## Use\nCall it\n# Appendix\nEnd';
    const { sections, format } = await extractDocument(utf8(markdown), 'guide.MD');
    expect(format).toBe('md');
    expect(sections.map((section) => section.headingPath)).toEqual([
      ['Guide'],
      ['Guide', 'Install'],
      ['Guide', 'Use'],
      ['Appendix'],
    ]);
    expect(sections[1]?.text).toContain('# not a heading');
  });

  it('pretty-prints JSON', async () => {
    const document = await extractDocument(utf8('{"name":"Hearth","tags":["a","b"]}'), 'data.json');
    expect(document.text).toBe(JSON.stringify({ name: 'Hearth', tags: ['a', 'b'] }, null, 2));
    expect(document.format).toBe('json');
  });

  it('indexes every CSV row as header: value lines and previews the first 10 rows', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => `${index + 1},"Name, ${index + 1}",x${index}`);
    const document = await extractDocument(utf8(`id,name,code\n${rows.join('\n')}\n`), 'people.csv');
    expect(document.format).toBe('csv');
    const preview = document.preview.split('\n');
    expect(preview[0]).toBe('id, name, code');
    expect(preview).toHaveLength(12);
    expect(preview[1]).toBe('1, Name, 1, x0');
    expect(preview.at(-1)).toBe('... and 15 more rows');
    expect(document.text).toContain('id: 25\nname: Name, 25\ncode: x24');
    expect(document.text.match(/^id: /gm)).toHaveLength(25);
  });

  it('handles quoted newlines and doubled quotes in CSV', async () => {
    const document = await extractDocument(utf8('a,b\n"line one\nline two","say ""hi"""\n'), 'q.csv');
    expect(document.text).toBe('a: line one\nline two\nb: say "hi"');
  });

  it('bounds a 1-million-row CSV in time and text', async () => {
    const row = 'row,value\n';
    const csv = Buffer.from(`id,value\n${row.repeat(1_000_000)}`);
    const started = Date.now();
    const document = await extractDocument(csv, 'big.csv', { ...DEFAULT_EXTRACTION_LIMITS, maxChars: 200_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(document.text.length).toBeLessThanOrEqual(200_000);
    expect(document.preview.split('\n').at(-1)).toBe('... and 999990 more rows');
  });

  it('turns HTML into markdown of its main text', async () => {
    const paragraph = 'Hearth keeps your documents on your own machine and answers with citations. '.repeat(6);
    const html = `<!doctype html><html><head><title>About Hearth</title></head><body>
      <nav><a href="/">Home</a> <a href="/x">Menu item</a></nav>
      <article><h1>About Hearth</h1><p>${paragraph}</p><h2>Features</h2><ul><li>Private</li><li>Fast</li></ul>
      <p>${paragraph}</p></article><footer>Copyright footer</footer></body></html>`;
    const document = await extractDocument(utf8(html), 'page.html');
    expect(document.format).toBe('html');
    expect(document.text).toContain('Hearth keeps your documents');
    expect(document.text).toMatch(/^- Private$/m);
    expect(document.text).not.toContain('Copyright footer');
    expect(document.sections.some((section) => section.headingPath.includes('Features'))).toBe(true);
  });

  it('reads the text nodes of XML, including CDATA and entities', async () => {
    const xml =
      '<?xml version="1.0"?><!-- note --><doc><title>Fish &amp; chips</title><body><![CDATA[a < b]]></body></doc>';
    const document = await extractDocument(utf8(xml), 'doc.xml');
    expect(document).toMatchObject({ format: 'xml', text: 'Fish & chips\na < b' });
  });

  it('reads source code and unknown text types as plain text', async () => {
    const code = 'export const answer = 42;\n\nfunction f() {\n  return answer;\n}\n';
    expect((await extractDocument(utf8(code), 'main.ts')).text).toContain('export const answer = 42;');
    expect((await extractDocument(utf8('body { color: red; }'), 'site.css')).format).toBe('txt');
  });

  it('flags empty content with the exact message and the empty code', async () => {
    const error = await failure(extractDocument(utf8('  \n\n \t '), 'blank.txt'));
    expect(error.message).toBe(NO_CONTENT_MESSAGE);
    expect(error.empty).toBe(true);
    expect(error.code).toBe('empty');
  });
});

describe('extractDocument: hostile input', () => {
  it('refuses a binary file renamed .txt', async () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) % 256));
    const error = await failure(extractDocument(binary, 'innocent.txt'));
    expect(error.code).toBe('unsupported');
    expect(error.empty).toBe(false);
  });

  it('refuses invalid UTF-8 without NUL bytes', async () => {
    const latin = Buffer.from(Array.from({ length: 2000 }, (_, index) => 0x80 + (index % 100)));
    expect((await failure(extractDocument(latin, 'notes.md'))).code).toBe('unsupported');
  });

  it('refuses oversized input before reading it', async () => {
    const error = await failure(
      extractDocument(Buffer.alloc(2048, 97), 'a.txt', { ...DEFAULT_EXTRACTION_LIMITS, maxBytes: 1024 }),
    );
    expect(error.code).toBe('too_large');
  });

  it('ends deeply nested JSON as an error, not a stack overflow', async () => {
    const depth = 1_000_000;
    const error = await failure(extractDocument(utf8('['.repeat(depth) + ']'.repeat(depth)), 'deep.json'));
    expect(error.code).toBe('failed');
  });

  it('reads deeply nested XML without recursion', async () => {
    const depth = 200_000;
    const xml = '<a>'.repeat(depth) + 'deep text' + '</a>'.repeat(depth);
    expect((await extractDocument(utf8(xml), 'deep.xml')).text).toBe('deep text');
  });

  it('ends deeply nested HTML as a result or a clean error', async () => {
    const html = `<html><body>${'<div>'.repeat(50_000)}deep${'</div>'.repeat(50_000)}</body></html>`;
    const outcome = await extractDocument(utf8(html), 'deep.html').then(
      (document) => document.text,
      (error: unknown) => error,
    );
    if (typeof outcome === 'string') expect(outcome).toContain('deep');
    else expect(outcome).toBeInstanceOf(ExtractionError);
  });

  it('refuses invalid JSON with a clear reason', async () => {
    expect((await failure(extractDocument(utf8('{"a": '), 'broken.json'))).message).toMatch(/not valid JSON/);
  });

  it('refuses content that does not match its extension', async () => {
    expect((await failure(extractDocument(utf8('just text'), 'report.pdf'))).code).toBe('unsupported');
    expect((await failure(extractDocument(utf8('just text'), 'report.docx'))).code).toBe('unsupported');
    expect((await failure(extractDocument(utf8('just text'), 'photo.png'))).code).toBe('unsupported');
  });
});
