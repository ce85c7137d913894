/**
 * Image dimensions read from the header alone, so an image that would decode to gigabytes of pixels is refused
 * before OCR allocates them (a 100000 × 100000 PNG is a few hundred bytes).
 *
 * Hand-written on purpose: file-type names the kind but not the size, and the `image-size` package, which does,
 * has had one infinite-loop advisory after another on crafted input (GHSA-m5qc-5hw7-8vg7; GHSA-5p2g-fcmc-qvqq and
 * GHSA-w3rx-r6r6-pgpr still open for 2.0.2), in parsers for formats Hearth never reads but that its detector
 * tries on any unknown bytes. These five fixed-offset headers, with every read bounds-checked and the one loop
 * (JPEG segments) always moving forward, are less code than that risk.
 */
import { ExtractionError } from './extract-text';
import type { ImageKind } from './sniff';

/** Larger than any scan or photo worth reading; OCR of more pixels takes minutes and gigabytes. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 20_000;

export interface ImageSize {
  width: number;
  height: number;
}

const fits = (data: Buffer, offset: number, length: number) => offset >= 0 && offset + length <= data.length;

/** JPEG: the frame header (SOF0-SOF15, except DHT, JPG and DAC) holds the size; segments before it are skipped. */
function jpegSize(data: Buffer): ImageSize | null {
  let offset = 2;
  while (fits(data, offset, 4)) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      return fits(data, offset + 5, 4)
        ? { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) }
        : null;
    }
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return null;
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X) each keep the size in their own layout. */
function webpSize(data: Buffer): ImageSize | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && fits(data, 24, 6)) {
    return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8L' && fits(data, 21, 4)) {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && fits(data, 26, 4)) {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** BMP: a 12-byte OS/2 header has 16-bit sides, later ones signed 32-bit (negative height: top-down rows). */
function bmpSize(data: Buffer): ImageSize | null {
  if (!fits(data, 14, 4)) return null;
  if (data.readUInt32LE(14) === 12) {
    return fits(data, 18, 4) ? { width: data.readUInt16LE(18), height: data.readUInt16LE(20) } : null;
  }
  return fits(data, 18, 8) ? { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) } : null;
}

/** The size the header declares, or null when the header is too short or damaged to tell. */
export function imageSize(data: Buffer, kind: ImageKind): ImageSize | null {
  switch (kind) {
    case 'png':
      // The signature, then IHDR first: length, type, width, height (big-endian).
      return fits(data, 16, 8) && data.toString('latin1', 12, 16) === 'IHDR'
        ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
        : null;
    case 'gif':
      return fits(data, 6, 4) ? { width: data.readUInt16LE(6), height: data.readUInt16LE(8) } : null;
    case 'jpg':
      return jpegSize(data);
    case 'webp':
      return webpSize(data);
    case 'bmp':
      return bmpSize(data);
  }
}

/** Refuses an image whose declared size is beyond what OCR should ever be asked to decode. */
export function checkImageSize(data: Buffer, kind: ImageKind): void {
  const size = imageSize(data, kind);
  if (!size) return;
  const { width, height } = size;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ExtractionError(`The image is too large to read (${width} × ${height} pixels).`, false, 'too_large');
  }
}
