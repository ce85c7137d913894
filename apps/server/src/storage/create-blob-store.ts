import path from 'node:path';
import type { Config } from '../config';
import { type BlobStore, FsBlobStore } from './blob-store';
import { S3BlobStore } from './s3-blob-store';

/** STORAGE=fs (default): DATA_DIR/blobs. STORAGE=s3: the configured bucket. */
export function createBlobStore(config: Config): BlobStore {
  if (config.STORAGE === 'fs') return new FsBlobStore(path.join(config.DATA_DIR, 'blobs'));
  return new S3BlobStore({
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX ?? '',
  });
}
