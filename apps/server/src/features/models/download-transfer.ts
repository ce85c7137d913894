import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { guardedGet } from '../../http/guarded-get';
import type { SsrfPolicy } from '../../http/ssrf-guard';

export class TransferError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

export interface TransferOptions {
  url: string;
  /** Bytes already here are kept and the rest is asked for with a Range request. */
  partialPath: string;
  policy: SsrfPolicy;
  maxBytes: number;
  signal: AbortSignal;
  onProgress(received: number, total: number | null): void;
  /** Attempts after a dropped connection (each resumes where the last stopped). */
  retries?: number;
  retryDelayMs?: number;
  idleTimeoutMs?: number;
}

const sizeOf = (file: string) =>
  stat(file).then(
    (info) => info.size,
    () => 0,
  );

/** `bytes 100-199/1000` → 1000; `bytes *\/1000` → 1000. */
const totalFromContentRange = (header: string | undefined): number | null => {
  const total = /\/(\d+)\s*$/.exec(header ?? '')?.[1];
  return total ? Number(total) : null;
};

export interface TransferResult {
  size: number;
  /**
   * The sha256 the file's host publishes for it, when it does: Hugging Face sends it as `X-Linked-Etag` (on the
   * redirect to its storage, or on the file) for every file stored in LFS, which every GGUF is.
   */
  publishedSha256: string | null;
}

/** `"<64 hex>"`, `W/"<64 hex>"` → the hex; anything else (a git blob's sha1, a storage etag) → null. */
export function sha256FromEtag(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value) ?? '';
  const hex = /^(?:W\/)?"?([0-9a-fA-F]{64})"?$/.exec(text.trim())?.[1];
  return hex ? hex.toLowerCase() : null;
}

/** Downloads to partialPath, resuming with HTTP Range across dropped connections. */
export async function transfer(options: TransferOptions): Promise<TransferResult> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await attemptTransfer(options);
    } catch (error) {
      if (options.signal.aborted) throw error;
      const retryable = !(error instanceof TransferError) || error.retryable;
      if (!retryable || attempt >= retries) throw error;
      await sleep((options.retryDelayMs ?? 1000) * 2 ** attempt, undefined, { signal: options.signal });
    }
  }
}

async function attemptTransfer(options: TransferOptions): Promise<TransferResult> {
  let offset = await sizeOf(options.partialPath);
  const headers: Record<string, string> = offset > 0 ? { range: `bytes=${offset}-` } : {};
  const { response, redirects } = await guardedGet(options.url, {
    policy: options.policy,
    headers,
    signal: options.signal,
    idleTimeoutMs: options.idleTimeoutMs,
  });
  const status = response.statusCode ?? 0;
  const publishedSha256 =
    [...redirects, response.headers].map((hop) => sha256FromEtag(hop['x-linked-etag'])).find(Boolean) ?? null;
  let total: number | null;
  if (status === 416 && offset > 0) {
    response.resume();
    total = totalFromContentRange(response.headers['content-range']);
    if (total === offset) return { size: offset, publishedSha256 };
    await truncate(options.partialPath, 0);
    throw new TransferError('The server refused to resume; starting over', true);
  }
  if (status === 206) {
    total = totalFromContentRange(response.headers['content-range']);
  } else if (status === 200) {
    offset = 0; // the server ignored the Range: start again from the first byte
    const length = Number(response.headers['content-length']);
    total = Number.isFinite(length) && length > 0 ? length : null;
  } else {
    response.resume();
    throw new TransferError(`The download server answered ${status}`, status >= 500 || status === 429);
  }
  if (total !== null && total > options.maxBytes) {
    response.destroy();
    throw new TransferError(`The file is larger than the allowed maximum (${options.maxBytes} bytes)`, false);
  }

  let received = offset;
  options.onProgress(received, total);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > options.maxBytes) {
        callback(new TransferError(`The file is larger than the allowed maximum (${options.maxBytes} bytes)`, false));
        return;
      }
      options.onProgress(received, total);
      callback(null, chunk);
    },
  });
  await pipeline(response, counter, createWriteStream(options.partialPath, { flags: offset > 0 ? 'a' : 'w' }), {
    signal: options.signal,
  });
  if (total !== null && received !== total) {
    throw new TransferError(`The connection closed after ${received} of ${total} bytes`, true);
  }
  return { size: received, publishedSha256 };
}

export async function sha256File(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
