import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { InstalledModel, ModelDownload, StarterModel } from '@hearth/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFileServer, startFakeFileServer, TINY_MODEL_SHA256 } from '../../../test/fakes/fake-file-server';
import { assignRole } from '../../../test/helpers';
import { openSse, type SseClient } from '../../../test/sse-client';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';

const ENV = { OLLAMA_BASE_URL: 'none', ALLOW_PRIVATE_DOWNLOADS: 'true', MODEL_LIST_CACHE_MS: '0', LLAMA_GPU: 'false' };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`GGUF downloads for the built-in runtime (${testDb})`, () => {
  let server: TestServer & { databaseUrl?: string };
  let files: FakeFileServer;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let user: TestUser;
  const streams: SseClient[] = [];

  const download = async (id: string) => {
    const list = await server.request<{ downloads: ModelDownload[] }>('/api/models/downloads', { token: admin.token });
    return list.body.downloads.find((item) => item.id === id);
  };
  const modelsDir = () => path.join(server.dataDir, 'models');
  const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

  beforeAll(async () => {
    files = await startFakeFileServer();
    server = await startTestServer(ENV);
    admin = await createUser(server, 'dl-admin');
    otherAdmin = await createUser(server, 'dl-admin2');
    user = await createUser(server, 'dl-user');
    await assignRole(server, admin.token, otherAdmin.id, 'admin');
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
    Object.assign(files.knobs, {
      cutAfterBytes: null,
      cutTimes: 1,
      chunkBytes: 64 * 1024,
      chunkDelayMs: 0,
      linkedEtag: null,
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(server.dataDir, { recursive: true, force: true });
    await files.close();
  });

  it('lists the recommended starter models', async () => {
    const response = await server.request<{ starters: StarterModel[] }>('/api/models/starters', { token: user.token });
    expect(response.body.starters.map((starter) => starter.purpose)).toEqual(['chat', 'vision', 'embedding']);
    for (const starter of response.body.starters.filter((item) => item.runtime === 'builtin')) {
      expect(starter.url).toMatch(/^https:\/\/huggingface\.co\/.+\.gguf$/);
    }
  });

  it('resumes an interrupted transfer with Range, checks sha256, installs the model and tells only its owner', async () => {
    const mine = await openSse(`${server.url}/api/events`, { token: admin.token });
    const theirs = await openSse(`${server.url}/api/events`, { token: otherAdmin.token });
    const plain = await openSse(`${server.url}/api/events`, { token: user.token });
    streams.push(mine, theirs, plain);
    expect(mine.headers.get('content-type')).toMatch(/text\/event-stream/);
    files.knobs.cutAfterBytes = 400_000;

    const created = await server.request<ModelDownload>('/api/models/downloads', {
      token: admin.token,
      body: { url: files.fileUrl, sha256: TINY_MODEL_SHA256.toUpperCase() },
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ file_name: 'stories260K.gguf', status: 'queued', sha256: TINY_MODEL_SHA256 });

    const finished = await mine.waitFor(
      (event) => (event.data as { download: ModelDownload }).download.status === 'completed',
    );
    expect((finished.data as { download: ModelDownload }).download).toMatchObject({
      received_bytes: files.data.length,
      total_bytes: files.data.length,
      percent: 100,
    });
    expect(mine.events.every((event) => event.event === 'model.download')).toBe(true);
    const ranges = files.ranges();
    expect(ranges[0]).toBeUndefined();
    expect(ranges[1]).toMatch(/^bytes=\d+-$/);
    expect(Number(/\d+/.exec(ranges[1] ?? '')?.[0])).toBeGreaterThan(0);

    const installed = path.join(modelsDir(), 'stories260K.gguf');
    expect(sha(installed)).toBe(TINY_MODEL_SHA256);
    expect(readdirSync(path.join(modelsDir(), '.partial'))).toEqual([]);
    expect((await download(created.body.id))?.status).toBe('completed');
    const models = await server.request<{ models: InstalledModel[] }>('/api/ollama/models', { token: user.token });
    expect(models.body.models.map((model) => model.name)).toContain('stories260K.gguf');

    expect(theirs.events).toEqual([]);
    expect(plain.events).toEqual([]);
    expect(mine.comments[0]).toBe('connected');

    const duplicate = await server.request('/api/models/downloads', {
      token: admin.token,
      body: { url: files.fileUrl },
    });
    expect(duplicate.status).toBe(409);
    await server.request('/api/models/builtin/stories260K.gguf', { method: 'DELETE', token: admin.token });
  });

  it('fails a download whose sha256 does not match and leaves no file behind', async () => {
    const created = await server.request<ModelDownload>('/api/models/downloads', {
      token: admin.token,
      body: { url: `${files.url}/redirect/x`, file_name: 'wrong.gguf', sha256: 'a'.repeat(64) },
    });
    expect(created.status).toBe(202);
    const failed = await until(
      () => download(created.body.id),
      (row) => row?.status === 'failed',
    );
    expect(failed?.error).toMatch(/Checksum mismatch/);
    expect(existsSync(path.join(modelsDir(), 'wrong.gguf'))).toBe(false);
    expect(readdirSync(path.join(modelsDir(), '.partial'))).toEqual([]);
  });

  it('checks a download with no sha256 given against the one its host publishes (X-Linked-Etag)', async () => {
    files.knobs.linkedEtag = `"${files.sha256}"`;
    const created = await server.request<ModelDownload>('/api/models/downloads', {
      token: admin.token,
      body: { url: `${files.url}/redirect/x`, file_name: 'published.gguf' },
    });
    expect(created.status).toBe(202);
    expect(created.body.sha256).toBeNull();
    const done = await until(
      () => download(created.body.id),
      (row) => row?.status === 'completed' || row?.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'completed', sha256: files.sha256 });
    expect(sha(path.join(modelsDir(), 'published.gguf'))).toBe(files.sha256);
    await server.request('/api/models/builtin/published.gguf', { method: 'DELETE', token: admin.token });

    // The bytes are not what the host says they should be: nothing is installed.
    files.knobs.linkedEtag = `"${'b'.repeat(64)}"`;
    const tampered = await server.request<ModelDownload>('/api/models/downloads', {
      token: admin.token,
      body: { url: `${files.url}/redirect/x`, file_name: 'tampered.gguf' },
    });
    const failed = await until(
      () => download(tampered.body.id),
      (row) => row?.status === 'failed',
    );
    expect(failed?.error).toMatch(/Checksum mismatch/);
    expect(existsSync(path.join(modelsDir(), 'tampered.gguf'))).toBe(false);
  });

  it('refuses names that are not plain .gguf files', async () => {
    const response = await server.request<{ code: string }>('/api/models/downloads', {
      token: admin.token,
      body: { url: files.fileUrl, file_name: '../escape.gguf' },
    });
    expect(response.status).toBe(400);
    const notGguf = await server.request('/api/models/downloads', {
      token: admin.token,
      body: { url: `${files.url}/x.bin` },
    });
    expect(notGguf.status).toBe(400);
    const badEncoding = await server.request<{ code: string; message: string }>('/api/models/downloads', {
      token: admin.token,
      body: { url: 'http://127.0.0.1:9/%E0%A4.gguf' },
    });
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body).toMatchObject({ code: 'validation_error' });
    expect(badEncoding.body.message).toMatch(/percent-encoding/);
  });

  it('cancels a running download and removes it from the list afterwards', async () => {
    Object.assign(files.knobs, { chunkBytes: 16 * 1024, chunkDelayMs: 50 });
    const created = await server.request<ModelDownload>('/api/models/downloads', {
      token: admin.token,
      body: { url: files.fileUrl, file_name: 'cancel-me.gguf' },
    });
    await until(
      () => download(created.body.id),
      (row) => (row?.received_bytes ?? 0) > 0,
    );
    const cancelled = await server.request(`/api/models/downloads/${created.body.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(cancelled.status).toBe(200);
    expect((await download(created.body.id))?.status).toBe('cancelled');
    expect(existsSync(path.join(modelsDir(), '.partial', created.body.id))).toBe(false);
    expect(existsSync(path.join(modelsDir(), 'cancel-me.gguf'))).toBe(false);
    await server.request(`/api/models/downloads/${created.body.id}`, { method: 'DELETE', token: admin.token });
    expect(await download(created.body.id)).toBeUndefined();
  });

  it('picks up an interrupted download after a restart', async () => {
    Object.assign(files.knobs, { chunkBytes: 16 * 1024, chunkDelayMs: 40 });
    const created = await server.request<ModelDownload>('/api/models/downloads', {
      token: admin.token,
      body: { url: files.fileUrl, file_name: 'restart.gguf', sha256: TINY_MODEL_SHA256 },
    });
    await until(
      () => download(created.body.id),
      (row) => (row?.received_bytes ?? 0) > 100_000,
    );
    const requestsBefore = files.ranges().length;
    console.log('closing');
    await server.app.close();
    console.log('closed');
    expect(existsSync(path.join(server.dataDir, 'models', '.partial', created.body.id))).toBe(true);

    Object.assign(files.knobs, { chunkBytes: 64 * 1024, chunkDelayMs: 0 });
    // Same data folder and database: the new process finds the row and the partial file.
    console.log('starting', server.dataDir, server.databaseUrl);
    const tick = setInterval(() => console.log('tick'), 1000);
    server = await startTestServer(ENV, { dataDir: server.dataDir, databaseUrl: server.databaseUrl }).catch((e) => {
      console.log('ERR', e);
      throw e;
    });
    console.log('restarted');
    clearInterval(tick);
    const done = await until(
      () => download(created.body.id),
      (row) => row?.status === 'completed',
    );
    expect(done?.received_bytes).toBe(files.data.length);
    expect(files.ranges().slice(requestsBefore)[0]).toMatch(/^bytes=\d+-$/);
    expect(sha(path.join(modelsDir(), 'restart.gguf'))).toBe(TINY_MODEL_SHA256);
  });
});
