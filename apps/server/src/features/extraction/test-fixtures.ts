/**
 * Builders for the files the extraction tests feed in: raw zips (including bombs), PNGs with text drawn in
 * a bitmap font, and a PDF whose trailer declares encryption. Nothing large is committed.
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
