import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import { describe, expect, it } from 'vitest';

import { extractDocument } from './extract-document';
import { ExtractionError } from './extract-text';
import { buildZip, deflatedZeros } from './test-fixtures';

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

async function wordFile(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Annual report', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun('The year in review.')] }),
          new Paragraph({ text: 'Highlights', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Revenue grew', bullet: { level: 0 } }),
          new Paragraph({ text: 'Costs fell', bullet: { level: 0 } }),
          new Paragraph({ text: 'Outlook', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('More to come.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

describe('extractDocument: Office formats', () => {
  it('converts Word to markdown with headings, lists and heading-path sections', async () => {
    const document = await extractDocument(await wordFile(), 'report.docx');
    expect(document.format).toBe('docx');
    expect(document.text).toMatch(/^# Annual report$/m);
    expect(document.text).toMatch(/^## Highlights$/m);
    expect(document.text).toMatch(/^- Revenue grew$/m);
    expect(document.text).toMatch(/^- Costs fell$/m);
    expect(document.sections.map((section) => section.headingPath)).toEqual([
      ['Annual report'],
      ['Annual report', 'Highlights'],
      ['Outlook'],
    ]);
  });

  it('reads every sheet of a workbook into its own section', async () => {
    const workbook = new ExcelJS.Workbook();
    const sales = workbook.addWorksheet('Sales');
    sales.addRow(['Region', 'Amount']);
    sales.addRow(['North & East', 1200]);
    sales.addRow(['South', 800]);
    workbook.addWorksheet('Notes').addRow(['Checked by Ada', true]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const document = await extractDocument(data, 'sales.xlsx');
    expect(document.format).toBe('xlsx');
    expect(document.sections).toEqual([
      { text: 'Region | Amount\nNorth & East | 1200\nSouth | 800', page: null, headingPath: ['Sales'] },
      { text: 'Checked by Ada | TRUE', page: null, headingPath: ['Notes'] },
    ]);
  });

  it('reads slides in order with their slide numbers as pages', async () => {
    const deck = new PptxGenJS();
    deck.addSlide().addText('Welcome to Hearth', { x: 1, y: 1, w: 8, h: 1 });
    const second = deck.addSlide();
    second.addText('Private by design', { x: 1, y: 1, w: 8, h: 1 });
    second.addText('Runs on your machine', { x: 1, y: 2, w: 8, h: 1 });
    const data = (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
    const document = await extractDocument(Buffer.from(data), 'deck.pptx');
    expect(document.format).toBe('pptx');
    expect(document.sections).toEqual([
      { text: 'Welcome to Hearth', page: 1, headingPath: [] },
      { text: 'Private by design\nRuns on your machine', page: 2, headingPath: [] },
    ]);
  });
});

describe('extractDocument: hostile Office files', () => {
  it('refuses a zip bomb by its declared sizes before inflating', async () => {
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(16), compressed: deflatedZeros(1), declaredSize: 0xfffffff0 },
    ]);
    const started = Date.now();
    for (const name of ['bomb.docx', 'bomb.xlsx', 'bomb.pptx']) {
      expect((await failure(extractDocument(bomb, name))).code).toBe('too_large');
    }
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops inflating an entry that lies about its size', async () => {
    const zeros = deflatedZeros(8);
    const lying = buildZip([
      { name: 'word/document.xml', data: Buffer.alloc(64), compressed: zeros, declaredSize: 64 },
      { name: 'xl/workbook.xml', data: Buffer.alloc(64), compressed: zeros, declaredSize: 64 },
      { name: 'ppt/presentation.xml', data: Buffer.alloc(64), compressed: zeros, declaredSize: 64 },
      { name: 'ppt/slides/slide1.xml', data: Buffer.alloc(64), compressed: zeros, declaredSize: 64 },
    ]);
    const started = Date.now();
    for (const name of ['lying.docx', 'lying.xlsx', 'lying.pptx']) {
      expect((await failure(extractDocument(lying, name))).code).toBe('too_large');
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a Word file whose markup is too large for the DOM-based converter', async () => {
    const paragraph = '<w:p><w:r><w:t>filler text</w:t></w:r></w:p>';
    const xml = Buffer.from(`<w:document><w:body>${paragraph.repeat(200_000)}</w:body></w:document>`);
    const heavy = buildZip([{ name: 'word/document.xml', data: xml }]);
    const started = Date.now();
    expect((await failure(extractDocument(heavy, 'heavy.docx'))).code).toBe('too_large');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a truncated or non-zip Office file', async () => {
    const word = await wordFile();
    await failure(extractDocument(word.subarray(0, word.length / 2), 'cut.docx'));
    expect((await failure(extractDocument(Buffer.from('%PDF-1.4 nope'), 'fake.xlsx'))).code).toBe('unsupported');
  });
});
