import path from 'node:path';
import type { Config } from '../../config';
import { type BlobStore, FsBlobStore } from '../../storage/blob-store';
import { S3BlobStore } from '../../storage/s3-blob-store';

/**
 * Where backups are written and read: a folder, or `s3://bucket/prefix` on the same S3-compatible service the
 * server is configured for (S3_ENDPOINT, S3_REGION and the S3_* credentials), reached through the blob store.
 */
export function openArchive(location: string, config: Config): BlobStore {
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/.exec(location);
  if (!s3) return new FsBlobStore(path.resolve(location));
  const [, bucket = '', rest = ''] = s3;
  const prefix = rest.replace(/\/+$/, '');
  return new S3BlobStore({
    bucket,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: prefix ? `${prefix}/` : '',
    timeoutMs: 300_000,
  });
}

/** The place a backup named `name` lands under `location` (what `hearth restore` is given). */
export const backupLocation = (location: string, name: string) =>
  /^s3:\/\//.test(location) ? `${location.replace(/\/+$/, '')}/${name}` : path.join(path.resolve(location), name);
