import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';

import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './extract-document';
import { ExtractionError } from './extract-text';
import { extractPptx } from './extractors/pptx';
import { extractXlsx } from './extractors/xlsx';
import { buildZip } from './test-fixtures';
import type { ExtractorResult } from './types';

const WORKBOOK = '<workbook xmlns:r="urn:r"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS = '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>';

/** A workbook of one sheet; `sharedStrings` as bytes, so a test can hand in a huge table cheaply. */
function xlsx(sheet: string, sharedStrings?: Uint8Array): Buffer {
  return Buffer.from(
    zipSync({
      'xl/workbook.xml': strToU8(WORKBOOK),
      'xl/_rels/workbook.xml.rels': strToU8(RELS),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
      ...(sharedStrings ? { 'xl/sharedStrings.xml': sharedStrings } : {}),
    }),
  );
}

const pptx = (slide: string) =>
  Buffer.from(
    zipSync({ 'ppt/presentation.xml': strToU8('<p:presentation/>'), 'ppt/slides/slide1.xml': strToU8(slide) }),
  );

const context = (limits: Partial<ExtractionLimits> = {}, extension = 'xlsx') => ({
  extension,
  limits: { ...DEFAULT_EXTRACTION_LIMITS, ...limits },
  signal: new AbortController().signal,
});

/** The extractor's result or error, with the milliseconds it took. */
async function timed(work: () => Promise<ExtractorResult> | ExtractorResult) {
  const started = performance.now();
  const outcome = await Promise.resolve()
    .then(work)
    .catch((error: unknown) => error);
  return { outcome, elapsed: performance.now() - started };
}

const texts = (result: unknown) => (result as ExtractorResult).sections.map((section) => section.text);

describe('xlsx through the streaming parser', () => {
  it('reads prefixed parts, inline strings, booleans, and leaves phonetic guides out', async () => {
    const sheet = `<x:worksheet><x:sheetData>
      <x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t>In &amp; line</x:t></x:is></x:c></x:row>
      <x:row><x:c t="b"><x:v>1</x:v></x:c><x:c><x:f>1+1</x:f><x:v>2</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const shared =
      '<sst><si><t>Tokyo</t><rPh><t>トウキョウ</t></rPh></si><si><r><t>Rich </t></r><r><t>text</t></r></si></sst>';
    const result = await extractXlsx(xlsx(sheet, strToU8(shared)), context());
    expect(texts(result)).toEqual(['Tokyo | In & line\nTRUE | 2 | Rich text']);
    expect(result.sections[0]?.headingPath).toEqual(['Data']);
  });

  it('stops a sheet at the character cap', async () => {
    const rows = '<row><c><v>123456789</v></c></row>'.repeat(100_000);
    const result = await extractXlsx(
      xlsx(`<worksheet><sheetData>${rows}</sheetData></worksheet>`),
      context({ maxChars: 1_000 }),
    );
    const text = texts(result)[0] ?? '';
    expect(text.length).toBeGreaterThanOrEqual(1_000);
    expect(text.length).toBeLessThan(1_100);
  });

  it('refuses 11 million shared strings (454 KB zipped) fast, without holding the table', async () => {
    const entry = '<si><t>a</t></si>';
    const table = Buffer.concat([
      Buffer.from('<sst>'),
      Buffer.alloc(entry.length * 11_000_000, entry),
      Buffer.from('</sst>'),
    ]);
    const file = xlsx('<worksheet><sheetData><row><c t="s"><v>0</v></c></row></sheetData></worksheet>', table);
    expect(file.length).toBeLessThan(1_000_000);
    const { outcome, elapsed } = await timed(() => extractXlsx(file, context()));
    expect(outcome).toBeInstanceOf(ExtractionError);
    expect((outcome as ExtractionError).message).toBe('The spreadsheet has more shared text than can be read.');
    expect((outcome as ExtractionError).code).toBe('too_large');
    // Reading up to the cap is real work (half a million strings, 9 MB of markup); the regexes took 20-90 s.
    expect(elapsed).toBeLessThan(5_000);
  }, 30_000);

  it('refuses shared text past the character cap, and reads a table just under it', async () => {
    const sheet = '<worksheet><sheetData><row><c t="s"><v>1</v></c></row></sheetData></worksheet>';
    const shared = strToU8(`<sst>${'<si><t>0123456789</t></si>'.repeat(100)}</sst>`);
    const refused = await timed(() => extractXlsx(xlsx(sheet, shared), context({ maxChars: 999 })));
    expect((refused.outcome as Error).message).toBe('The spreadsheet has more shared text than can be read.');
    expect(texts(await extractXlsx(xlsx(sheet, shared), context({ maxChars: 1_000 })))).toEqual(['0123456789']);
  });

  it('ends unclosed <si> runs in the shared strings fast, with a clear error or bounded text', async () => {
    const sheet = '<worksheet><sheetData><row><c t="s"><v>0</v></c><c><v>1</v></c></row></sheetData></worksheet>';
    const hostile = [
      `<sst>${'<si>'.repeat(2_000_000)}`,
      `<sst>${'<si><t>a</t>'.repeat(500_000)}`,
      `<sst><si><t>${'a'.repeat(6_000_000)}`,
    ];
    for (const table of hostile) {
      const { outcome, elapsed } = await timed(() => extractXlsx(xlsx(sheet, strToU8(table)), context()));
      expect(elapsed).toBeLessThan(5_000);
      if (outcome instanceof Error) {
        expect(outcome).toBeInstanceOf(ExtractionError);
        expect(outcome.message).toMatch(
          /^The spreadsheet (part xl\/sharedStrings\.xml is too malformed to read \(.+\)|has more shared text than can be read)\.$/,
        );
      } else {
        expect(texts(outcome).join('').length).toBeLessThanOrEqual(DEFAULT_EXTRACTION_LIMITS.maxChars);
      }
    }
  });

  it('ends a hostile sheet (unclosed rows, "<!--" runs) fast', async () => {
    for (const sheet of [`<worksheet><sheetData>${'<row>'.repeat(1_000_000)}`, '<!--'.repeat(1_000_000)]) {
      const { outcome, elapsed } = await timed(() => extractXlsx(xlsx(sheet), context()));
      expect(elapsed).toBeLessThan(5_000);
      expect(outcome).toBeInstanceOf(ExtractionError);
    }
  });
});

describe('pptx through the streaming parser', () => {
  it('reads paragraphs of runs, entities decoded', async () => {
    const slide =
      '<p:sld><p:txBody><a:p><a:r><a:t>Fish &amp; </a:t></a:r><a:r><a:t>chips</a:t></a:r></a:p><a:p><a:t>Two</a:t></a:p></p:txBody></p:sld>';
    expect(texts(await extractPptx(pptx(slide), context({}, 'pptx')))).toEqual(['Fish & chips\nTwo']);
  });

  it('ends hostile slides fast', async () => {
    for (const slide of [
      `<p:sld>${'<a:p>'.repeat(1_000_000)}`,
      `<p:sld><a:p><a:t>${'<a:t'.repeat(500_000)}`,
      `<p:sld>${'<a:p><a:t>x'.repeat(300_000)}`,
    ]) {
      const { outcome, elapsed } = await timed(() => extractPptx(pptx(slide), context({}, 'pptx')));
      expect(elapsed).toBeLessThan(5_000);
      if (!(outcome instanceof Error)) expect(texts(outcome).join('').length).toBeLessThan(slide.length);
      else expect(outcome).toBeInstanceOf(ExtractionError);
    }
  });

  it('refuses a deck whose slides declare more markup than any real deck, before inflating it', async () => {
    const deck = buildZip([
      { name: 'ppt/presentation.xml', data: Buffer.from('<p:presentation/>') },
      { name: 'ppt/slides/slide1.xml', data: Buffer.from('<p:sld/>'), declaredSize: 40 * 1024 * 1024 },
      { name: 'ppt/slides/slide2.xml', data: Buffer.from('<p:sld/>'), declaredSize: 40 * 1024 * 1024 },
    ]);
    const { outcome, elapsed } = await timed(() => extractPptx(deck, context({}, 'pptx')));
    expect((outcome as ExtractionError).code).toBe('too_large');
    expect(elapsed).toBeLessThan(5_000);
  });
});
