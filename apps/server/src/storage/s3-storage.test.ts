import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakes/fake-s3';
import { createUser, startTestServer, type TestServer, testDb } from '../../test/test-server';
import {
  createCollection,
  search,
  uploadDocument,
  waitForDocument,
} from '../features/knowledge/knowledge-test-helpers';
import { S3BlobStore } from './s3-blob-store';

describe(`STORAGE=s3 (${testDb})`, () => {
  let s3: FakeS3;
  let server: TestServer;
  let bucket: S3BlobStore;

  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startTestServer(s3.env);
    bucket = new S3BlobStore({ ...s3, region: 'us-east-1', forcePathStyle: true, prefix: '' });
  });
  afterAll(async () => {
    bucket.close();
    await server.close();
    await s3.close();
  });

  it('reports the bucket in /health', async () => {
    const response = await server.request('/health');
    expect(response.body).toMatchObject({ storage: { status: 'ok', driver: 's3' } });
  });

  it('keeps uploads in the bucket, indexes them from there and serves them back', async () => {
    const user = await createUser(server, 's3');
    const collection = await createCollection(server, user, 'Bucketed');
    const text = 'Lighthouses guide ships past the rocky coast at night.';
    const upload = await uploadDocument(server, user.token, collection.id, 'light house.txt', text);
    expect(upload.status).toBe(202);
    const ready = await waitForDocument(server, user.token, upload.body.id);
    expect(ready.status).toBe('ready');
    expect((await search(server, user.token, 'lighthouses rocky coast'))[0]?.document_id).toBe(upload.body.id);

    const file = await fetch(`${server.url}/api/knowledge/documents/${upload.body.id}/file`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(text);

    const row = await server.app.db.kysely
      .selectFrom('knowledge_documents')
      .select('blob_key')
      .where('id', '=', upload.body.id)
      .executeTakeFirstOrThrow();
    expect(String(row.blob_key).startsWith(`${user.id}/`)).toBe(true);
    expect((await bucket.get(String(row.blob_key))).toString()).toBe(text);
    // Nothing of it lands in the data folder.
    expect(existsSync(path.join(server.dataDir, 'blobs', String(row.blob_key)))).toBe(false);

    const removed = await server.request(`/api/knowledge/documents/${upload.body.id}`, {
      method: 'DELETE',
      token: user.token,
    });
    expect(removed.status).toBeLessThan(300);
    await expect(bucket.get(String(row.blob_key))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
