import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { extractDocument } from './extract-document';
import { ExtractionError } from './extract-text';
import { pdfWithEmptyPages, textPng, withEncryptDictionary } from './test-fixtures';

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

async function pdfWithPages(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 20, size: 12, font }));
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

describe('extractDocument: PDF', () => {
  it('reads the text layer with one section per page and its page number', async () => {
    const data = await pdfWithPages([
      ['Chapter one', 'The hearth was warm.'],
      [],
      ['Chapter three', 'Embers remained.'],
    ]);
    const document = await extractDocument(data, 'story.pdf');
    expect(document.format).toBe('pdf');
    expect(document.sections.map((section) => section.page)).toEqual([1, 3]);
    expect(document.sections[0]?.text).toContain('The hearth was warm.');
    expect(document.sections[1]?.text).toContain('Embers remained.');
    expect(document.text).toContain('Chapter one');
  });

  it('reads a scanned page (no text layer) by OCR, keeping its page number', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([595, 842]).drawText('Typed first page', { x: 50, y: 780, size: 12, font });
    const scan = await pdf.embedPng(textPng('HELLO WORLD'));
    pdf.addPage([595, 842]).drawImage(scan, { x: 20, y: 600, width: scan.width, height: scan.height });
    const document = await extractDocument(Buffer.from(await pdf.save()), 'scan.pdf');
    expect(document.sections.map((section) => section.page)).toEqual([1, 2]);
    expect(document.sections[1]?.text.toUpperCase()).toContain('HELLO');
  }, 60_000);

  it('refuses a corrupt PDF with a clear error', async () => {
    const good = await pdfWithPages([['Some text']]);
    const corrupt = Buffer.concat([good.subarray(0, 20), Buffer.from('\u0000garbage'.repeat(50))]);
    const started = Date.now();
    const error = await failure(extractDocument(corrupt, 'broken.pdf'));
    expect(error.empty).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses an encrypted PDF as password-protected', async () => {
    const encrypted = withEncryptDictionary(await pdfWithPages([['Secret']]));
    const error = await failure(extractDocument(encrypted, 'secret.pdf'));
    expect(error.message).toMatch(/password-protected or encrypted/);
  });

  it('refuses a PDF with more pages than can be read, from its page count', async () => {
    const started = Date.now();
    const error = await failure(extractDocument(pdfWithEmptyPages(20_000), 'huge.pdf'));
    expect(error.message).toBe('The PDF has 20000 pages; at most 2000 can be read.');
    expect(error.code).toBe('too_large');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reads a PDF of exactly the page cap, page by page', async () => {
    // Every page is read (and found blank), so the outcome is "no content" rather than "too many pages".
    const error = await failure(extractDocument(pdfWithEmptyPages(2_000), 'blank.pdf'));
    expect(error.code).toBe('empty');
  });

  it('refuses a file renamed .pdf that is not a PDF', async () => {
    expect((await failure(extractDocument(Buffer.from('PK\u0003\u0004 zip'), 'x.pdf'))).code).toBe('unsupported');
  });
});
