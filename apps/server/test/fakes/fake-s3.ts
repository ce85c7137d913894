import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Environment for a Hearth server that stores its files here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on loopback, with one bucket, in a temp folder. */
export async function startFakeS3(bucket = 'hearth-test'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hearth-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver accepts these fixed development credentials.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
