import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BlobStore } from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket ('' or ending with /). */
  prefix: string;
  /** Per request; a store that stops answering fails the request instead of hanging it. */
  timeoutMs?: number;
}

/** Thrown by get() for a key that does not exist, like ENOENT from the file store. */
export class BlobNotFoundError extends Error {
  readonly code = 'ENOENT';
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2...), so every replica serves every file.
 * Keys are the same relative paths the file store uses, under an optional prefix.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    // The pinned SDK runs on Node 20; its notice about future SDK releases needing Node 22 is not actionable here.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      requestHandler: { requestTimeout: options.timeoutMs ?? 30_000, connectionTimeout: 5000 },
      maxAttempts: 3,
    });
  }

  private key(key: string): string {
    if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Invalid blob key: ${key}`);
    }
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.key(key), Body: data }));
  }

  async get(key: string): Promise<Buffer> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      if (!object.Body) throw new BlobNotFoundError(`Blob not found: ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        throw new BlobNotFoundError(`Blob not found: ${key}`);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
  }

  /** Lists and deletes in pages of 1000 (the S3 maximum per call). */
  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error(`Invalid blob prefix: ${prefix}`);
    const full = this.key(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: full, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.options.prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.options.prefix.length);
        if (key && !key.startsWith('.health/')) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Proves the bucket is reachable and writable: write, read back and remove a probe. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
    const key = `.health/${randomUUID()}`;
    await this.put(key, Buffer.from('ok'));
    const read = await this.get(key);
    await this.delete(key);
    if (read.toString() !== 'ok') throw new Error('Storage returned different bytes');
  }

  close(): void {
    this.client.destroy();
  }
}
