import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakes/fake-s3';
import { type BlobStore, FsBlobStore } from './blob-store';
import { S3BlobStore } from './s3-blob-store';

let s3: FakeS3;
const folder = mkdtempSync(path.join(tmpdir(), 'hearth-blobs-'));
const stores: Record<string, () => BlobStore> = {};

beforeAll(async () => {
  s3 = await startFakeS3();
  stores.fs = () => new FsBlobStore(folder);
  stores.s3 = () =>
    new S3BlobStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      prefix: 'hearth/',
    });
});

afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

describe.each(['fs', 's3'])('%s blob store', (driver) => {
  const store = () => (stores[driver] as () => BlobStore)();

  it('keeps bytes exactly, overwrites, and deletes', async () => {
    const blobs = store();
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    await blobs.put('user-1/1700000000000_a.bin', bytes);
    expect(Buffer.compare(await blobs.get('user-1/1700000000000_a.bin'), bytes)).toBe(0);
    await blobs.put('user-1/1700000000000_a.bin', Buffer.from('second'));
    expect((await blobs.get('user-1/1700000000000_a.bin')).toString()).toBe('second');
    await blobs.delete('user-1/1700000000000_a.bin');
    await expect(blobs.get('user-1/1700000000000_a.bin')).rejects.toMatchObject({ code: 'ENOENT' });
    await blobs.delete('user-1/never-existed');
  });

  it("deletes everything under a user's prefix and nothing else", async () => {
    const blobs = store();
    for (let index = 0; index < 25; index += 1) await blobs.put(`user-2/${index}.txt`, Buffer.from(`${index}`));
    await blobs.put('user-22/keep.txt', Buffer.from('keep'));
    await blobs.deletePrefix?.('user-2/');
    await expect(blobs.get('user-2/3.txt')).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await blobs.get('user-22/keep.txt')).toString()).toBe('keep');
    await expect(blobs.deletePrefix?.('user-22')).rejects.toThrow('Invalid blob prefix');
  });

  it('refuses keys that would escape their place', async () => {
    const blobs = store();
    await expect(blobs.put('../outside.txt', Buffer.from('x'))).rejects.toThrow('Invalid blob key');
    await expect(blobs.get('user-1/../../etc/passwd')).rejects.toThrow('Invalid blob key');
  });

  it('passes its own health check', async () => {
    await expect(store().check()).resolves.toBeUndefined();
  });
});

describe('S3 blob store failures', () => {
  it('reports an unreachable store instead of hanging', async () => {
    const blobs = new S3BlobStore({
      bucket: 'nowhere',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
      prefix: '',
      timeoutMs: 2000,
    });
    await expect(blobs.check()).rejects.toThrow();
    blobs.close();
  });
});
