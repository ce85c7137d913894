/**
 * Hostile files for the hostile-input suite, generated on the fly (nothing large is committed): zip bombs in
 * Office clothing, images that lie about their size, a 20,000-page PDF, markup that makes backtracking parsers
 * quadratic, entity expansion, a million-row CSV and files whose content lies about their extension.
 */
import { deflateRawSync } from 'node:zlib';
import { buildZip, corruptPng, pdfWithEmptyPages, pngHeader } from '../src/features/extraction/test-fixtures';

const MB = 1024 * 1024;

/** `megabytes` of `unit` repeated, deflated once: a few hundred KB that inflate to far more. */
function repeated(unit: string, megabytes: number, head = '', tail = ''): { data: Buffer; compressed: Buffer } {
  const body = Buffer.alloc(Math.floor((megabytes * MB) / unit.length) * unit.length, unit);
  const data = Buffer.concat([Buffer.from(head), body, Buffer.from(tail)]);
  return { data, compressed: deflateRawSync(data, { level: 9 }) };
}

const CONTENT_TYPES = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`;

/** A .docx whose document part is 150 MB of paragraphs (mammoth would build a DOM of several GB). */
export function docxBomb(): Buffer {
  const ns = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const part = repeated(
    '<w:p><w:r><w:t>a</w:t></w:r></w:p>',
    150,
    `<?xml version="1.0"?><w:document xmlns:w="${ns}"><w:body>`,
    '</w:body></w:document>',
  );
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        CONTENT_TYPES(
          'word/document.xml',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ),
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: 'word/document.xml', ...part },
  ]);
}

function workbook(sharedStrings: { data: Buffer; compressed?: Buffer }): Buffer {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return buildZip([
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
      ),
    },
    { name: 'xl/sharedStrings.xml', ...sharedStrings },
  ]);
}

/** An .xlsx whose shared-strings part holds 11 million tiny strings (187 MB inflated, under the zip cap). */
export function xlsxSharedStringsBomb(): Buffer {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return workbook(repeated('<si><t>a</t></si>', 187, `<?xml version="1.0"?><sst xmlns="${ns}">`, '</sst>'));
}

/** An .xlsx whose shared strings are 700 KB of `<si>` never closed (quadratic for a lazy regex). */
export function xlsxUnclosedSi(): Buffer {
  return workbook({ data: Buffer.from(`<?xml version="1.0"?><sst>${'<si>'.repeat(175_000)}`) });
}

/** A .pptx with one slide of 150 MB of paragraphs. */
export function pptxBomb(): Buffer {
  const ns = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  return buildZip([
    { name: 'ppt/presentation.xml', data: Buffer.from('<?xml version="1.0"?><p:presentation/>') },
    {
      name: 'ppt/slides/slide1.xml',
      ...repeated(
        '<a:p><a:r><a:t>a</a:t></a:r></a:p>',
        150,
        `<?xml version="1.0"?><p:sld xmlns:a="${ns}"><p:cSld><p:spTree>`,
        '</p:spTree></p:cSld></p:sld>',
      ),
    },
  ]);
}

/** The classic entity-expansion bomb: ten levels of ten references each, a billion "lol"s if expanded. */
export function billionLaughs(): Buffer {
  const levels = ['<!ENTITY lol "lol">'];
  for (let level = 1; level <= 9; level += 1) {
    const previous = level === 1 ? 'lol' : `lol${level - 1}`;
    levels.push(`<!ENTITY lol${level} "${`&${previous};`.repeat(10)}">`);
  }
  return Buffer.from(`<?xml version="1.0"?><!DOCTYPE lolz [${levels.join('')}]><lolz>&lol9;</lolz>`);
}

/** A CSV of a million rows (about 8 MB, under the 10 MB upload cap): indexed up to the text cap, never refused. */
export function millionRowCsv(): Buffer {
  const rows = ['id,name'];
  for (let index = 0; index < 1_000_000; index += 1) rows.push(`${index % 100_000},n${index % 10}`);
  return Buffer.from(rows.join('\n'));
}

export interface HostileFile {
  name: string;
  fileName: string;
  data: () => Buffer;
  /** How the knowledge document ends: a clear error, or indexed (the CSV). */
  outcome: 'failed' | 'ready';
}

export const HOSTILE_DOCUMENTS: HostileFile[] = [
  { name: 'docx zip bomb', fileName: 'bomb.docx', data: docxBomb, outcome: 'failed' },
  { name: 'xlsx with 11M shared strings', fileName: 'strings.xlsx', data: xlsxSharedStringsBomb, outcome: 'failed' },
  { name: 'pptx zip bomb', fileName: 'bomb.pptx', data: pptxBomb, outcome: 'failed' },
  { name: 'corrupt 408-byte PNG', fileName: 'corrupt.png', data: corruptPng, outcome: 'failed' },
  { name: '100000x100000 PNG', fileName: 'huge.png', data: () => pngHeader(100_000, 100_000), outcome: 'failed' },
  { name: '20,000-page PDF', fileName: 'pages.pdf', data: () => pdfWithEmptyPages(20_000), outcome: 'failed' },
  {
    name: '700 KB of <!-- in XML',
    fileName: 'comments.xml',
    data: () => Buffer.from(`<r>${'<!--'.repeat(175_000)}`),
    outcome: 'failed',
  },
  {
    name: '600 KB of <a in HTML',
    fileName: 'anchors.html',
    data: () => Buffer.from('<a'.repeat(300_000)),
    outcome: 'failed',
  },
  { name: 'xlsx with an unclosed <si>', fileName: 'unclosed.xlsx', data: xlsxUnclosedSi, outcome: 'failed' },
  { name: 'billion laughs', fileName: 'laughs.xml', data: billionLaughs, outcome: 'failed' },
  {
    name: 'a zip renamed .pdf',
    fileName: 'lying.pdf',
    data: () => buildZip([{ name: 'a.txt', data: Buffer.from('x') }]),
    outcome: 'failed',
  },
  { name: 'binary renamed .txt', fileName: 'lying.txt', data: () => Buffer.alloc(4096, 0), outcome: 'failed' },
  { name: '1M-row CSV', fileName: 'rows.csv', data: millionRowCsv, outcome: 'ready' },
];

/** Office bombs sent as chat attachments. */
export const HOSTILE_ATTACHMENTS: Omit<HostileFile, 'outcome'>[] = [
  { name: 'docx zip bomb', fileName: 'bomb.docx', data: docxBomb },
  { name: 'xlsx with 11M shared strings', fileName: 'strings.xlsx', data: xlsxSharedStringsBomb },
  { name: 'pptx zip bomb', fileName: 'bomb.pptx', data: pptxBomb },
];

/** A 700 KB sitemap of `<loc>` never closed, as any public site could serve to the importer. */
export const hostileSitemap = () => `<?xml version="1.0"?><urlset>${'<loc>'.repeat(140_000)}`;
