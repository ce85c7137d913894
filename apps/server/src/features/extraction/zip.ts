/**
 * A guarded zip reader for Office files. yauzl reads the archive's structure (central directory, Zip64 records,
 * local headers, so entries written with data descriptors too); fflate inflates. Zip bombs are refused from the
 * declared sizes before anything is inflated, and inflation itself stops at the cap, so an entry that lies about
 * its size cannot blow up memory or time either. Parts are inflated chunk by chunk, so text can be decoded while
 * it inflates without the whole part in memory.
 */
import { Inflate } from 'fflate';
import yauzl from 'yauzl';

import { ExtractionError } from './extract-text';

/** Most bytes all entries together may inflate to. Real Office documents stay far below this. */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
/** Compressed bytes fed to the inflater at a time: at deflate's ratio of 1:1032, at most 16 MiB come out of one. */
const CHUNK = 16 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  /** Where the entry's (compressed) bytes start, past its local header. */
  dataStart: number;
}

/** The error for an archive that expands (or declares it does) past a cap. */
export const bomb = () =>
  new ExtractionError('The file expands to more data than allowed (possible zip bomb).', false, 'too_large');
const corrupt = (why: string) => new ExtractionError(`The file is not a valid Office document (${why}).`);

/** yauzl's reasons, in the words this reader has always given. */
function structureError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/end of central directory record signature not found/i.test(message)) return corrupt('no zip directory');
  if (/local file header|file data overflows/i.test(message)) return corrupt('broken zip entry');
  return corrupt('broken zip directory');
}

/**
 * Lists the entries, refusing archives whose entry count or declared sizes exceed the caps before any entry's data
 * is read. Zip64 sizes are real sizes here: one past the cap is refused like any other.
 */
export async function listZip(data: Buffer): Promise<ZipEntry[]> {
  if (data.length < 22) throw corrupt('truncated zip');
  const entries: ZipEntry[] = [];
  try {
    // File names are only matched against part names, never used as paths, so yauzl's path checks stay lenient.
    const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, strictFileNames: false });
    if (zip.entryCount > MAX_ENTRIES) throw bomb();
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > MAX_INFLATED_BYTES) throw bomb();
      const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
      entries.push({
        name: entry.fileName,
        method: entry.compressionMethod,
        encrypted: entry.isEncrypted(),
        compressedSize: entry.compressedSize,
        size: entry.uncompressedSize,
        dataStart: fileDataStart,
      });
    }
  } catch (error) {
    throw structureError(error);
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
  if (entry.encrypted) throw corrupt('encrypted part');
  const compressed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
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
export async function openZip(data: Buffer): Promise<SafeZip> {
  const entries = await listZip(data);
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
export async function verifyZip(data: Buffer, maxMarkupBytes = MAX_INFLATED_BYTES): Promise<void> {
  let budget = MAX_INFLATED_BYTES;
  let markup = 0;
  for (const entry of await listZip(data)) {
    if (entry.name.endsWith('/')) continue;
    const isMarkup = /\.(xml|rels)$/i.test(entry.name);
    // Counted as it inflates, nothing kept: the markup cap ends a bomb after megabytes, not after the whole part.
    budget -= inflateEntry(data, entry, budget, (chunk) => {
      if (isMarkup && (markup += chunk.length) > maxMarkupBytes) throw bomb();
    });
  }
}
