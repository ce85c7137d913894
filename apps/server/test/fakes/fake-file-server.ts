import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cut, type FakeServer, sleep, startFakeServer } from './fake-http';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The real tiny GGUF model (../shared/models, see SOURCES.md). */
export const TINY_MODEL_PATH = path.resolve(here, '../../../../../shared/models/stories260K/stories260K.gguf');
export const TINY_MODEL_SHA256 = '270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d';

/**
 * Serves one file the way Hugging Face does: GET with Range support (206 + Content-Range), an optional
 * redirect, and knobs to drop the connection part-way or to trickle bytes slowly.
 */
export interface FakeFileKnobs {
  /** Cut the connection after this many bytes of a response, for the next `cutTimes` responses. */
  cutAfterBytes: number | null;
  cutTimes: number;
  /** Bytes per write and pause between writes (slow transfers, to interrupt them). */
  chunkBytes: number;
  chunkDelayMs: number;
  /** Ignore Range headers (answer 200 with the whole file), as some servers do. */
  ignoreRange: boolean;
  /** Sent on the redirect as `X-Linked-Etag`, as Hugging Face sends a file's sha256 (quoted). */
  linkedEtag: string | null;
}

export interface FakeFileServer extends FakeServer {
  knobs: FakeFileKnobs;
  /** URL of the file; `${url}/redirect/<name>` redirects to it. */
  fileUrl: string;
  data: Buffer;
  sha256: string;
  /** Range headers of the file requests, in order (undefined for a plain GET). */
  ranges(): (string | undefined)[];
}

export async function startFakeFileServer(
  options: { file?: string; name?: string; knobs?: Partial<FakeFileKnobs> } = {},
): Promise<FakeFileServer> {
  const data = readFileSync(options.file ?? TINY_MODEL_PATH);
  const name = options.name ?? 'stories260K.gguf';
  const knobs: FakeFileKnobs = {
    cutAfterBytes: null,
    cutTimes: 1,
    chunkBytes: 64 * 1024,
    chunkDelayMs: 0,
    ignoreRange: false,
    linkedEtag: null,
    ...options.knobs,
  };
  const filePath = `/files/${name}`;
  const server = await startFakeServer(async (request, response) => {
    if (request.path.startsWith('/redirect/')) {
      const etag = knobs.linkedEtag === null ? {} : { 'x-linked-etag': knobs.linkedEtag };
      response.writeHead(302, { location: filePath, ...etag }).end();
      return;
    }
    if (request.path !== filePath) {
      response.writeHead(404).end('not found');
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(String(request.headers.range ?? ''));
    const start = range && !knobs.ignoreRange ? Number(range[1]) : 0;
    if (start >= data.length && range) {
      response.writeHead(416, { 'content-range': `bytes */${data.length}` }).end();
      return;
    }
    const headers = {
      'content-type': 'application/octet-stream',
      'accept-ranges': 'bytes',
      'content-length': String(data.length - start),
    };
    if (range && !knobs.ignoreRange) {
      response.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${data.length - 1}/${data.length}` });
    } else {
      response.writeHead(200, headers);
    }
    const cutAt = knobs.cutAfterBytes !== null && knobs.cutTimes > 0 ? knobs.cutAfterBytes : null;
    if (cutAt !== null) knobs.cutTimes -= 1;
    let sent = 0;
    for (let offset = start; offset < data.length; offset += knobs.chunkBytes) {
      if (response.destroyed) return;
      const end = Math.min(data.length, offset + knobs.chunkBytes, cutAt !== null ? start + cutAt : Infinity);
      if (end > offset) {
        response.write(data.subarray(offset, end));
        sent += end - offset;
      }
      if (cutAt !== null && sent >= cutAt) {
        await sleep(20); // let the bytes reach the client before the connection drops
        cut(response);
        return;
      }
      if (knobs.chunkDelayMs > 0) await sleep(knobs.chunkDelayMs);
    }
    response.end();
  });
  return Object.assign(server, {
    knobs,
    fileUrl: `${server.url}${filePath}`,
    data,
    sha256: createHash('sha256').update(data).digest('hex'),
    ranges: () =>
      server.requests
        .filter((request) => request.path === filePath)
        .map((request) => request.headers.range as string | undefined),
  });
}
