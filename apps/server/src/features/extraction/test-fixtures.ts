/**
 * Builders for the files the extraction tests feed in: raw zips (including bombs), PNGs with text drawn in
 * a bitmap font, damaged or absurdly large images, PDFs (encrypted, thousands of pages) and slow Word files.
 * Nothing large is committed.
 */
import { crc32, deflateRawSync } from 'node:zlib';

import { PNG } from 'pngjs';

export interface RawZipEntry {
  name: string;
  data: Buffer;
  /** Compressed bytes; when absent the data is deflated here. */
  compressed?: Buffer;
  /** Overrides the uncompressed size written in both headers (to lie, as a bomb does). */
  declaredSize?: number;
}

/** A minimal zip writer (deflate only), so tests control every size field. */
export function buildZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = entry.compressed ?? deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Deflated zeros: `megabytes` MiB of output from a few KiB of input (a lying entry needs no more). */
export function deflatedZeros(megabytes: number): Buffer {
  return deflateRawSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
}

// 5×7 bitmap glyphs, enough for the OCR sample text.
const GLYPHS: Record<string, string[]> = {
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

/** A PNG with `text` drawn in black on white, each font pixel `scale` pixels wide. */
export function textPng(text: string, scale = 6): Buffer {
  const margin = 4 * scale;
  const width = margin * 2 + text.length * 6 * scale;
  const height = margin * 2 + 7 * scale;
  const png = new PNG({ width, height });
  png.data.fill(255);
  [...text].forEach((char, index) => {
    (GLYPHS[char] ?? GLYPHS[' '] ?? []).forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < scale; dy += 1)
          for (let dx = 0; dx < scale; dx += 1) {
            const px = margin + (index * 6 + x) * scale + dx;
            const py = margin + y * scale + dy;
            const at = (py * width + px) * 4;
            png.data[at] = png.data[at + 1] = png.data[at + 2] = 0;
          }
      });
    });
  });
  return PNG.sync.write(png);
}

/** Adds a standard-security-handler /Encrypt dictionary (whose password check fails) to a PDF's trailer. */
export function withEncryptDictionary(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const hex = (byte: string) => byte.repeat(64);
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${hex('a')}> /U <${hex('b')}> /P -4 >> /ID [<${'0'.repeat(32)}> <${'0'.repeat(32)}>]`;
  const at = text.lastIndexOf('trailer');
  const open = text.indexOf('<<', at);
  return Buffer.from(`${text.slice(0, open + 2)} ${encrypt} ${text.slice(open + 2)}`, 'latin1');
}

/** A PNG of only a signature and an IHDR chunk declaring `width` × `height`: tiny on disk, huge once decoded. */
export function pngHeader(width: number, height: number): Buffer {
  const body = Buffer.alloc(13);
  body.writeUInt32BE(width, 0);
  body.writeUInt32BE(height, 4);
  body[8] = 8; // bit depth
  body[9] = 2; // truecolour
  const type = Buffer.from('IHDR');
  const chunk = Buffer.alloc(8);
  chunk.writeUInt32BE(13, 0);
  type.copy(chunk, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, body])), 0);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk, body, crc]);
}

/** A 408-byte PNG with a valid header and garbage image data (as a truncated or damaged upload is). */
export function corruptPng(): Buffer {
  const head = textPng('HI').subarray(0, 60);
  return Buffer.concat([head, Buffer.alloc(408 - head.length, 0x5a)]);
}

/** A hand-written PDF of `count` empty pages: fast to build at any size (pdf-lib takes seconds for thousands). */
export function pdfWithEmptyPages(count: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${count} /Kids [${Array.from({ length: count }, (_, index) => `${index + 3} 0 R`).join(' ')}] >>`,
    ...Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'),
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small .docx whose document part is `paragraphs` short paragraphs: mammoth needs seconds of CPU for 100,000. */
export function docxOfParagraphs(paragraphs: number): Buffer {
  const paragraph = '<w:p><w:r><w:t>Hearth keeps documents.</w:t></w:r></w:p>';
  const namespace = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const body = paragraph.repeat(paragraphs);
  const xml = `<?xml version="1.0"?><w:document xmlns:w="${namespace}"><w:body>${body}</w:body></w:document>`;
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: Buffer.from(xml) },
  ]);
}
