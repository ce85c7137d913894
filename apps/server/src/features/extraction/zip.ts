/**
 * A guarded zip reader for Office files. Zip bombs are refused from the central directory's declared sizes
 * before anything is inflated, and inflation itself stops at the cap, so an entry that lies about its size
 * cannot blow up memory or time either.
 */
import { Inflate } from 'fflate';

import { ExtractionError } from './extract-text';

/** Most bytes all entries together may inflate to. Real Office documents stay far below this. */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
const CHUNK = 64 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const bomb = () =>
  new ExtractionError('The file expands to more data than allowed (possible zip bomb).', false, 'too_large');
const corrupt = (why: string) => new ExtractionError(`The file is not a valid Office document (${why}).`);

function findEndOfCentralDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes at the very end.
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let offset = data.length - 22; offset >= stop; offset -= 1) {
    if (data.readUInt32LE(offset) === 0x06054b50) return offset;
  }
  throw corrupt('no zip directory');
}

/** Lists the entries from the central directory, refusing archives whose declared sizes exceed the cap. */
export function listZip(data: Buffer): ZipEntry[] {
  if (data.length < 22) throw corrupt('truncated zip');
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES) throw bomb();
  const entries: ZipEntry[] = [];
  let declared = 0;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw corrupt('broken zip directory');
    const nameLength = data.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      method: data.readUInt16LE(offset + 10),
      compressedSize: data.readUInt32LE(offset + 20),
      size: data.readUInt32LE(offset + 24),
      name: data.toString('utf8', offset + 46, offset + 46 + nameLength),
      localHeaderOffset: data.readUInt32LE(offset + 42),
    };
    // 0xFFFFFFFF means a Zip64 size: more than 4 GiB, a bomb by definition here.
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw bomb();
    declared += entry.size;
    if (declared > MAX_INFLATED_BYTES) throw bomb();
    entries.push(entry);
    offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return entries;
}

/** Inflates one entry, never producing more than its declared size nor more than `budget` bytes. */
function inflateEntry(data: Buffer, entry: ZipEntry, budget: number): Buffer {
  const header = entry.localHeaderOffset;
  if (header + 30 > data.length || data.readUInt32LE(header) !== 0x04034b50) throw corrupt('broken zip entry');
  const start = header + 30 + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  const compressed = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(compressed);
  if (entry.method !== 8) throw corrupt(`unsupported compression method ${entry.method}`);
  const limit = Math.min(entry.size, budget);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw bomb();
    chunks.push(chunk);
  });
  try {
    for (let offset = 0; offset < compressed.length; offset += CHUNK) {
      inflater.push(compressed.subarray(offset, offset + CHUNK), offset + CHUNK >= compressed.length);
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw corrupt('damaged compressed data');
  }
  return Buffer.concat(chunks);
}

export interface SafeZip {
  entries: ZipEntry[];
  /** The entry's bytes, or null when the archive has no such entry. */
  read(name: string): Buffer | null;
  readText(name: string): string | null;
}

/** Opens a zip under a shared inflation budget for everything read from it. */
export function openZip(data: Buffer): SafeZip {
  const entries = listZip(data);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  let budget = MAX_INFLATED_BYTES;
  const read = (name: string) => {
    const entry = byName.get(name);
    if (!entry) return null;
    const bytes = inflateEntry(data, entry, budget);
    budget -= bytes.length;
    return bytes;
  };
  return { entries, read, readText: (name) => read(name)?.toString('utf8') ?? null };
}

/**
 * Inflates every entry under the cap: proof that a library given the same bytes stays within bounds.
 * `maxMarkupBytes` bounds the XML a DOM-building library (mammoth) would parse, which costs many times its size.
 */
export function verifyZip(data: Buffer, maxMarkupBytes = MAX_INFLATED_BYTES): void {
  const zip = openZip(data);
  let markup = 0;
  for (const entry of zip.entries) {
    if (entry.name.endsWith('/')) continue;
    const size = zip.read(entry.name)?.length ?? 0;
    if (/\.(xml|rels)$/i.test(entry.name)) markup += size;
    if (markup > maxMarkupBytes) throw bomb();
  }
}
