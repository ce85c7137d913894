import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDb } from '../../test/test-server';

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-4f2a9c1b.js"></script></head>${'<!-- padding -->'.repeat(100)}<body></body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is read as sent (fetch would decompress it and hide the encoding). */
function rawGet(url: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    get(url, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }),
      );
    }).on('error', reject);
  });
}

/** The files `vite build` and scripts/compress-web.mjs leave behind: each one plus its .br and .gz. */
function fakeBuild(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [file, content] of [
    ['index.html', INDEX],
    ['assets/index-4f2a9c1b.js', SCRIPT],
  ] as const) {
    writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  }
}

describe(`pre-compressed web assets (${testDb})`, () => {
  let server: TestServer;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'hearth-web-'));
    fakeBuild(webDir);
    server = await startTestServer({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends brotli, gzip or the plain file as Accept-Encoding allows, cached for a year', async () => {
    const url = `${server.url}/assets/index-4f2a9c1b.js`;
    const brotli = await rawGet(url, 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await rawGet(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed and never cached without asking, at / and at client-side routes', async () => {
    for (const route of ['/', '/c/some-conversation']) {
      const page = await rawGet(server.url + route, 'br');
      expect(page.status, route).toBe(200);
      expect(page.headers['content-encoding'], route).toBe('br');
      expect(page.headers['cache-control'], route).toBe('no-cache');
      expect(page.body.equals(brotliCompressSync(INDEX)), route).toBe(true);
    }
  });

  it('answers /metrics with the JSON 404 when it is off, not with the web app', async () => {
    const response = await rawGet(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'not_found' });
  });
});
