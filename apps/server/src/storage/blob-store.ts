import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where originals of uploaded files live. The default driver writes under DATA_DIR/blobs. */
export interface BlobStore {
  readonly driver: 'fs' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Removes every blob under a prefix such as `{userId}/` (account deletion). */
  deletePrefix?(prefix: string): Promise<void>;
  /** Every stored key, in no particular order (backups); probes and half-written files are left out. */
  list(): AsyncIterable<string>;
  check(): Promise<void>;
  close?(): void;
}

export class FsBlobStore implements BlobStore {
  readonly driver = 'fs' as const;

  constructor(private readonly root: string) {}

  /** Keys are relative paths; anything that would escape the root is refused. */
  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid blob key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, data);
    } catch (error) {
      // The folder is made only when missing: one system call less per file on the common path.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, data);
    }
    await rename(temp, file);
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.resolve(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error(`Invalid blob prefix: ${prefix}`);
    await rm(this.resolve(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!key.startsWith('.health/')) yield key;
    }
  }

  /** Proves the store is writable: write, read back and remove a probe. */
  async check(): Promise<void> {
    const key = `.health/${randomUUID()}`;
    await this.put(key, Buffer.from('ok'));
    const read = await this.get(key);
    await this.delete(key);
    if (read.toString() !== 'ok') throw new Error('Storage returned different bytes');
  }
}
