import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { BlobStore } from '../../storage/blob-store';
import { VERSION } from '../../version';
import { BackupError } from './backup-error';
import { type SnapshotRepository, snapshotFileName } from './snapshot.repository';

const FileEntry = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: z.string().length(64) });

const Manifest = z.object({
  format: z.literal('hearth-backup'),
  format_version: z.literal(1),
  hearth_version: z.string(),
  schema_migration: z.string().nullable(),
  database: z.enum(['sqlite', 'postgres']),
  storage: z.enum(['fs', 's3']),
  created_at: z.string(),
  files: z.array(FileEntry),
});
export type BackupManifest = z.infer<typeof Manifest>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A sortable, path-safe name: hearth-backup-2026-11-28T04-50-00Z. */
export const backupName = (at: Date) =>
  `hearth-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}`;

/** Blobs copied at once: enough to keep S3 busy without holding many large files in memory. */
const PARALLEL = 4;

async function eachInParallel<T>(items: AsyncIterable<T> | T[], work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task = work(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= PARALLEL) await Promise.race(running);
  }
  await Promise.all(running);
}

/**
 * Backups: a snapshot of the database, every stored file and the instance secret (the key to the encrypted
 * settings), with a manifest that lists each file's size and sha256. The database is snapshotted first, so
 * every file it refers to was already stored when the file copy starts.
 */
export class BackupService {
  constructor(
    private readonly database: SnapshotRepository,
    private readonly blobs: BlobStore,
    /** The instance secret: kept in the backup, since the encrypted settings cannot be read without it. */
    private readonly secret: string,
  ) {}

  async create(
    archive: BlobStore,
    at = new Date(),
  ): Promise<{ name: string; manifest: BackupManifest; bytes: number }> {
    const name = backupName(at);
    const files: BackupManifest['files'] = [];
    const store = async (file: string, data: Buffer) => {
      await archive.put(`${name}/${file}`, data);
      files.push({ path: file, size: data.length, sha256: sha256(data) });
    };

    const temp = await mkdtemp(path.join(tmpdir(), 'hearth-backup-'));
    try {
      const snapshot = path.join(temp, snapshotFileName(this.database.dialect));
      await this.database.snapshot(snapshot);
      await store(path.basename(snapshot), await readFile(snapshot));
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    await store('secret', Buffer.from(`${this.secret}\n`));
    await eachInParallel(this.blobs.list(), async (key) => {
      let data: Buffer;
      try {
        data = await this.blobs.get(key);
      } catch (error) {
        // Deleted since it was listed: the snapshot, taken earlier, no longer needs it either way.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      await store(`blobs/${key}`, data);
    });

    const manifest: BackupManifest = {
      format: 'hearth-backup',
      format_version: 1,
      hearth_version: VERSION,
      schema_migration: await this.database.latestMigration(),
      database: this.database.dialect,
      storage: this.blobs.driver,
      created_at: at.toISOString(),
      files: files.sort((a, b) => a.path.localeCompare(b.path)),
    };
    // Written last: a backup without its manifest is visibly unfinished.
    await archive.put(`${name}/manifest.json`, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    return { name, manifest, bytes: files.reduce((sum, file) => sum + file.size, 0) };
  }

  /**
   * Restores the backup at the root of `archive` onto an empty database and an empty blob store. Every file is
   * checked against the manifest before anything is written.
   */
  async restore(
    archive: BlobStore,
    knownMigrations: readonly string[],
  ): Promise<{ manifest: BackupManifest; secret: string }> {
    const manifest = await this.readManifest(archive);
    if (manifest.schema_migration && !knownMigrations.includes(manifest.schema_migration)) {
      throw new BackupError(
        `This backup was made by a newer Hearth (${manifest.hearth_version}); restore it with that version or later.`,
      );
    }
    const dialect = this.database.dialect;
    if (manifest.database !== dialect) {
      throw new BackupError(
        `This backup holds a ${manifest.database} database but DATABASE_URL points to ${dialect}. Restore it onto ${manifest.database}, then copy it across with "npm run hearth -- migrate --to ...".`,
      );
    }
    if (!(await this.database.isEmpty())) {
      throw new BackupError(
        'The database is not empty: restore only onto an empty database (a new DATA_DIR, or a newly created PostgreSQL database). Nothing was changed.',
      );
    }
    for await (const key of this.blobs.list()) {
      throw new BackupError(
        `The file store is not empty (it holds ${key}): restore only onto an empty data folder or bucket prefix. Nothing was changed.`,
      );
    }

    const read = async (file: string) => {
      const entry = manifest.files.find((candidate) => candidate.path === file);
      const data = await archive.get(file).catch((error: unknown) => {
        throw new BackupError(`The backup is incomplete: ${file} is missing. Nothing was changed.`, { cause: error });
      });
      if (!entry || data.length !== entry.size || sha256(data) !== entry.sha256) {
        throw new BackupError(`The backup is damaged: ${file} does not match its checksum. Nothing was changed.`);
      }
      return data;
    };
    // Verify everything first, so a damaged backup changes nothing.
    await eachInParallel(manifest.files, async (file) => void (await read(file.path)));

    const temp = await mkdtemp(path.join(tmpdir(), 'hearth-restore-'));
    try {
      const snapshot = path.join(temp, snapshotFileName(dialect));
      await writeFile(snapshot, await read(path.basename(snapshot)));
      await this.database.restore(snapshot);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    const blobs = manifest.files.filter((file) => file.path.startsWith('blobs/'));
    await eachInParallel(blobs, async (file) =>
      this.blobs.put(file.path.slice('blobs/'.length), await read(file.path)),
    );
    return { manifest, secret: (await read('secret')).toString('utf8').trim() };
  }

  private async readManifest(archive: BlobStore): Promise<BackupManifest> {
    let raw: Buffer;
    try {
      raw = await archive.get('manifest.json');
    } catch (error) {
      throw new BackupError('No manifest.json there: give the folder (or s3:// prefix) of one backup.', {
        cause: error,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      json = undefined;
    }
    const parsed = Manifest.safeParse(json);
    if (!parsed.success) throw new BackupError('manifest.json is not a Hearth backup manifest.');
    return parsed.data;
  }
}
