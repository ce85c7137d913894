import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';

import { DEFAULT_EXTRACTION_LIMITS } from './extract-document';
import { ExtractionError } from './extract-text';
import { extractPptx } from './extractors/pptx';
import { extractXlsx } from './extractors/xlsx';
import type { ExtractorResult } from './types';
import { MAX_INFLATED_BYTES, openZip, verifyZip } from './zip';

interface Part {
  name: string;
  text: string;
}

/**
 * A zip written by yazl: `zip64` puts every entry and the end record in Zip64 form; `descriptors` streams each
 * part, so its local header carries no sizes and a data descriptor follows the data (as streaming writers do).
 */
async function yazlZip(parts: Part[], { zip64 = false, descriptors = false } = {}): Promise<Buffer> {
  const zip = new ZipFile();
  for (const { name, text } of parts) {
    if (descriptors) zip.addReadStream(Readable.from([Buffer.from(text)]), name, { forceZip64Format: zip64 });
    else zip.addBuffer(Buffer.from(text), name, { forceZip64Format: zip64 });
  }
  zip.end({ forceZip64Format: zip64, comment: '' });
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const SLIDE = '<p:sld><p:txBody><a:p><a:r><a:t>Zip64 slide</a:t></a:r></a:p></p:txBody></p:sld>';
const deck: Part[] = [
  { name: 'ppt/presentation.xml', text: '<p:presentation/>' },
  { name: 'ppt/slides/slide1.xml', text: SLIDE },
];
const workbook: Part[] = [
  {
    name: 'xl/workbook.xml',
    text: '<workbook xmlns:r="urn:r"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    text: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
  },
  {
    name: 'xl/worksheets/sheet1.xml',
    text: '<worksheet><sheetData><row><c t="inlineStr"><is><t>streamed cell</t></is></c></row></sheetData></worksheet>',
  },
];

const context = (extension: string) => ({
  extension,
  limits: DEFAULT_EXTRACTION_LIMITS,
  signal: new AbortController().signal,
});
const texts = (result: ExtractorResult) => result.sections.map((section) => section.text);

/** Offsets of every record with this signature (central directory headers, data descriptors). */
function signatures(data: Buffer, signature: number): number[] {
  const found: number[] = [];
  for (let offset = 0; offset + 4 <= data.length; offset += 1)
    if (data.readUInt32LE(offset) === signature) found.push(offset);
  return found;
}

/** Rewrites the uncompressed size in every central directory entry's Zip64 extra field (a Zip64 bomb's lie). */
function declareZip64Size(data: Buffer, size: bigint): Buffer {
  const patched = Buffer.from(data);
  for (const header of signatures(patched, 0x02014b50)) {
    expect(patched.readUInt32LE(header + 24)).toBe(0xffffffff);
    const extraStart = header + 46 + patched.readUInt16LE(header + 28);
    const extraEnd = extraStart + patched.readUInt16LE(header + 30);
    for (let field = extraStart; field < extraEnd; field += 4 + patched.readUInt16LE(field + 2)) {
      if (patched.readUInt16LE(field) === 0x0001) patched.writeBigUInt64LE(size, field + 4);
    }
  }
  return patched;
}

describe('zip reading (yauzl structure, fflate inflation)', () => {
  it('reads a Zip64 archive, which the old reader refused as a bomb', async () => {
    const data = await yazlZip(deck, { zip64: true });
    expect(signatures(data, 0x06064b50)).toHaveLength(1); // the Zip64 end of central directory record
    const zip = await openZip(data);
    expect(zip.entries.map((entry) => [entry.name, entry.size])).toEqual([
      ['ppt/presentation.xml', 17],
      ['ppt/slides/slide1.xml', SLIDE.length],
    ]);
    expect(texts(await extractPptx(data, context('pptx')))).toEqual(['Zip64 slide']);
    const sheet = await yazlZip(workbook, { zip64: true });
    expect(texts(await extractXlsx(sheet, context('xlsx')))).toEqual(['streamed cell']);
  });

  it('reads entries written with data descriptors (no sizes in the local headers)', async () => {
    for (const zip64 of [false, true]) {
      const data = await yazlZip(workbook, { descriptors: true, zip64 });
      expect(signatures(data, 0x08074b50)).toHaveLength(workbook.length);
      // General purpose flag bit 3: sizes and CRC follow the data; the local header holds zeros.
      expect(data.readUInt16LE(6) & 0x08).toBe(0x08);
      expect(data.readUInt32LE(22)).toBe(0);
      expect(texts(await extractXlsx(data, context('xlsx')))).toEqual(['streamed cell']);
      await expect(verifyZip(data)).resolves.toBeUndefined();
    }
  });

  it('refuses a Zip64 entry declaring more than the cap, before inflating anything', async () => {
    const data = declareZip64Size(await yazlZip(deck, { zip64: true }), 5n * 1024n ** 3n);
    const reads: (() => Promise<unknown>)[] = [
      () => openZip(data),
      () => verifyZip(data),
      async () => extractPptx(data, context('pptx')),
    ];
    for (const read of reads) {
      const error = await read().then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ExtractionError);
      expect((error as ExtractionError).code).toBe('too_large');
    }
    expect(MAX_INFLATED_BYTES).toBeLessThan(5 * 1024 ** 3);
  });

  it('stops a Zip64 entry that inflates past the size it declares', async () => {
    const data = declareZip64Size(await yazlZip(deck, { zip64: true }), 8n);
    const error = await Promise.resolve(extractPptx(data, context('pptx'))).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect((error as ExtractionError).code).toBe('too_large');
  });
});
