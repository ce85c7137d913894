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
/** Compressed bytes fed to the inflater at a time: at deflate's ratio of 1:1032, at most 16 MiB come out of one. */
const CHUNK = 16 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** The error for an archive that expands (or declares it does) past a cap. */
export const bomb = () =>
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

/** Thrown by a chunk consumer to end inflation early; not an error. */
const STOP = Symbol('stop inflating');

/**
 * Inflates one entry chunk by chunk, never producing more than its declared size nor more than `budget`
 * bytes; `consume` may throw STOP to end early (its other errors pass through). Returns the bytes produced.
 */
function inflateEntry(data: Buffer, entry: ZipEntry, budget: number, consume: (chunk: Uint8Array) => void): number {
  const header = entry.localHeaderOffset;
  if (header + 30 > data.length || data.readUInt32LE(header) !== 0x04034b50) throw corrupt('broken zip entry');
  const start = header + 30 + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  const compressed = data.subarray(start, start + entry.compressedSize);
  const limit = Math.min(entry.size, budget);
  let total = 0;
  let consumerFailed = false;
  const take = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > limit) throw bomb();
    try {
      consume(chunk);
    } catch (error) {
      consumerFailed = true;
      throw error;
    }
  };
  try {
    if (entry.method === 0) {
      for (let offset = 0; offset < compressed.length; offset += CHUNK)
        take(compressed.subarray(offset, offset + CHUNK));
      return total;
    }
    if (entry.method !== 8) throw corrupt(`unsupported compression method ${entry.method}`);
    const inflater = new Inflate(take);
    for (let offset = 0; offset < compressed.length; offset += CHUNK) {
      inflater.push(compressed.subarray(offset, offset + CHUNK), offset + CHUNK >= compressed.length);
    }
  } catch (error) {
    if (error === STOP) return total;
    // The consumer's own errors pass through; anything else comes from a damaged stream.
    if (consumerFailed || error instanceof ExtractionError) throw error;
    throw corrupt('damaged compressed data');
  }
  return total;
}

export interface SafeZip {
  entries: ZipEntry[];
  /** The entry's bytes, or null when the archive has no such entry. */
  read(name: string): Buffer | null;
  readText(name: string): string | null;
  /**
   * Streams the entry's text (UTF-8) to `consume` as it inflates, so a large part never sits in memory whole;
   * inflation ends early once `consume` returns false. Returns false when the archive has no such entry.
   */
  streamText(name: string, consume: (text: string) => boolean): boolean;
}

/** Opens a zip under a shared inflation budget for everything read from it. */
export function openZip(data: Buffer): SafeZip {
  const entries = listZip(data);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  let budget = MAX_INFLATED_BYTES;
  const inflate = (name: string, consume: (chunk: Uint8Array) => void) => {
    const entry = byName.get(name);
    if (!entry) return false;
    budget -= inflateEntry(data, entry, budget, consume);
    return true;
  };
  const read = (name: string) => {
    const chunks: Uint8Array[] = [];
    return inflate(name, (chunk) => chunks.push(chunk)) ? Buffer.concat(chunks) : null;
  };
  const streamText = (name: string, consume: (text: string) => boolean) => {
    const decoder = new TextDecoder('utf-8');
    let open = true;
    const found = inflate(name, (chunk) => {
      open = consume(decoder.decode(chunk, { stream: true }));
      if (!open) throw STOP;
    });
    if (found && open) consume(decoder.decode());
    return found;
  };
  return { entries, read, readText: (name) => read(name)?.toString('utf8') ?? null, streamText };
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
