import { describe, expect, it } from 'vitest';
import { ExtractionError } from './extract-text';
import { checkImageSize, imageSize } from './image-size';
import { imageKind } from './sniff';
import { pngHeader, textPng } from './test-fixtures';

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const u16be = (value: number) => [value >> 8, value & 0xff];
const u16le = (value: number) => [value & 0xff, value >> 8];
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];
const i32le = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32LE(value);
  return buffer;
};

/** A JPEG start: SOI, an APP0 segment to skip, then a baseline frame header with the size. */
const jpeg = (width: number, height: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, ...u16be(16)],
    'JFIF\0',
    Buffer.alloc(9),
    [0xff, 0xc0, ...u16be(17), 8],
    [...u16be(height), ...u16be(width)],
  );

const sizeOf = async (data: Buffer) => {
  const kind = await imageKind(data);
  expect(kind).not.toBeNull();
  return kind ? imageSize(data, kind) : null;
};

describe('image dimensions from the header', () => {
  it('reads PNG, JPEG, GIF, BMP and the three WebP layouts', async () => {
    expect(await sizeOf(textPng('HI', 2))).toEqual({ width: 40, height: 30 });
    expect(await sizeOf(pngHeader(100_000, 3))).toEqual({ width: 100_000, height: 3 });
    expect(await sizeOf(jpeg(640, 480))).toEqual({ width: 640, height: 480 });
    expect(await sizeOf(bytes('GIF89a', u16le(320), u16le(200)))).toEqual({ width: 320, height: 200 });
    const bmp = (height: number) => bytes('BM', Buffer.alloc(12), i32le(40), i32le(800), i32le(height));
    expect(await sizeOf(bmp(-600))).toEqual({ width: 800, height: 600 });
    const webp = (chunk: string, body: number[] | Buffer) =>
      bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], body);
    expect(await sizeOf(webp('VP8X', [0, 0, 0, 0, ...u24le(2999), ...u24le(1999)]))).toEqual({
      width: 3000,
      height: 2000,
    });
    const lossless = Buffer.alloc(5);
    lossless[0] = 0x2f;
    lossless.writeUInt32LE(((499 << 14) | 999) >>> 0, 1);
    expect(await sizeOf(webp('VP8L', lossless))).toEqual({ width: 1000, height: 500 });
    expect(await sizeOf(webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(1024), ...u16le(768)]))).toEqual({
      width: 1024,
      height: 768,
    });
  });

  it('answers null for a header too short to tell', async () => {
    // A bare PNG signature is not an image to file-type; the header reader still answers null for it.
    expect(await imageKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(imageSize(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png')).toBeNull();
    expect(await sizeOf(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
  });

  it('refuses too many pixels or too long a side, and lets ordinary scans through', () => {
    expect(() => checkImageSize(jpeg(4000, 3000), 'jpg')).not.toThrow();
    for (const [width, height] of [
      [25_000, 100],
      [8_000, 8_000],
    ] as const) {
      const refuse = () => checkImageSize(pngHeader(width, height), 'png');
      expect(refuse).toThrow(ExtractionError);
      expect(refuse).toThrow(`The image is too large to read (${width} × ${height} pixels).`);
    }
  });
});
