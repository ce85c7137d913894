import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOllama, startFakeOllama } from '../../../test/fakes/fake-ollama';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/fake-s3';
import {
  createPostgresDatabase,
  login,
  startTestServer,
  type TestServer,
  type TestUser,
  testDb,
} from '../../../test/test-server';
import { loadConfig } from '../../config';
import { createDb } from '../../db/database';
import { createBlobStore } from '../../storage/create-blob-store';
import { cli, blobDigests, seedInstance, tableRows } from './backup-test-helpers';
import { SnapshotRepository } from './snapshot.repository';

type Env = Record<string, string | undefined>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** A data folder (and, on PostgreSQL, a database) that has never been used. */
async function emptyInstance(storage: Env, prefix: string): Promise<Env> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-restore-'));
  const databaseUrl = testDb === 'postgres' ? await createPostgresDatabase() : undefined;
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...storage,
    ...(storage.STORAGE ? { S3_PREFIX: prefix } : {}),
  };
}

async function contents(env: Env) {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const db = createDb(config.database, 1);
  const blobs = createBlobStore(config);
  try {
    return { tables: await tableRows(db.kysely, db.dialect), blobs: await blobDigests(blobs) };
  } finally {
    blobs.close?.();
    await db.close();
  }
}

describe.each(['fs', 's3'] as const)(`backup and restore, files on %s (${testDb})`, (storage) => {
  let s3: FakeS3 | undefined;
  let ollama: FakeOllama;
  let server: TestServer & { databaseUrl?: string };
  let storageEnv: Env;
  let source: Env;
  let owner: TestUser;
  let documentId: string;
  const folders: string[] = [];

  beforeAll(async () => {
    s3 = storage === 's3' ? await startFakeS3() : undefined;
    storageEnv = s3 ? { ...s3.env, S3_PREFIX: 'live/' } : {};
    ollama = await startFakeOllama();
    server = await startTestServer({ OLLAMA_BASE_URL: ollama.url, BUILTIN_RUNTIME: 'false', ...storageEnv });
    ({ owner, documentId } = await seedInstance(server));
    source = { DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl, ...storageEnv };
    // Stopped, so that nothing (a session touch, a scheduled sweep) changes between the backup and the comparison.
    await server.app.close();
  }, 60_000);
  afterAll(async () => {
    for (const folder of [server.dataDir, ...folders]) rmSync(folder, { recursive: true, force: true });
    await ollama.close();
    await s3?.close();
  });

  let backup = '';
  const backupTo = () => {
    if (s3) return `s3://${s3.bucket}/backups`;
    const folder = mkdtempSync(path.join(tmpdir(), 'hearth-backups-'));
    folders.push(folder);
    return folder;
  };

  it('restores onto an empty instance with every row and every file, which then serves them', async () => {
    const made = await cli(['backup', '--to', backupTo()], source);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    backup = /Backup written to (\S+) \(/.exec(made.out)?.[1] ?? '';
    expect(backup).toMatch(/hearth-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);

    const target = await emptyInstance(storageEnv, 'restored/');
    folders.push(target.DATA_DIR ?? '');
    const restored = await cli(['restore', backup], target);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);

    const before = await contents(source);
    const after = await contents(target);
    expect(Object.keys(before.tables).length).toBeGreaterThan(20);
    expect(before.tables.chat_messages?.length).toBeGreaterThanOrEqual(2);
    expect(before.tables.knowledge_postings?.length).toBeGreaterThan(0);
    expect(Object.keys(before.blobs)).toHaveLength(2);
    expect(after.tables).toEqual(before.tables);
    expect(after.blobs).toEqual(before.blobs);
    expect(readFileSync(path.join(target.DATA_DIR ?? '', 'secret'), 'utf8')).toBe(
      readFileSync(path.join(server.dataDir, 'secret'), 'utf8'),
    );

    const revived = await startTestServer(storageEnv.STORAGE ? { ...storageEnv, S3_PREFIX: 'restored/' } : {}, {
      dataDir: target.DATA_DIR ?? '',
      databaseUrl: target.DATABASE_URL,
    });
    try {
      const user = await login(revived, owner.email);
      const file = await fetch(`${revived.url}/api/knowledge/documents/${documentId}/file`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(await file.text()).toContain('Tomatoes need sun');
    } finally {
      await revived.app.close();
    }

    const again = await cli(['restore', backup], target);
    expect(again.code).toBe(1);
    expect(again.err).toContain('The database is not empty');
  }, 120_000);

  it('refuses a damaged backup before changing anything', async () => {
    const blobKey = Object.keys((await contents(source)).blobs)[0] ?? '';
    if (s3) {
      const archive = createBlobStore(loadConfig({ LOG_LEVEL: 'silent', ...source, S3_PREFIX: 'backups/' }));
      const name = path.posix.basename(backup);
      await archive.put(`${name}/blobs/${blobKey}`, Buffer.from('tampered'));
      archive.close?.();
    } else {
      writeFileSync(path.join(backup, 'blobs', blobKey), 'tampered');
    }
    const target = await emptyInstance(storageEnv, 'damaged/');
    folders.push(target.DATA_DIR ?? '');
    const refused = await cli(['restore', backup], target);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`blobs/${blobKey} does not match its checksum`);
    const config = loadConfig({ LOG_LEVEL: 'silent', ...target });
    expect(await new SnapshotRepository(config.database).isEmpty()).toBe(true);
    if (!s3) expect(readdirSync(target.DATA_DIR ?? '')).toEqual(['secret']);

    const nothing = await cli(['restore', path.join(tmpdir(), 'no-such-backup')], target);
    expect(nothing.code).toBe(1);
    expect(nothing.err).toContain('No manifest.json');
  });

  it.runIf(storage === 'fs')(
    'runs as `npm run hearth -- backup`',
    async () => {
      const folder = backupTo();
      const child = spawn('npm', ['run', '--silent', 'hearth', '--', 'backup', '--to', folder], {
        cwd: root,
        env: { ...process.env, ...source, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(output).toContain('Backup written to');
      expect(code).toBe(0);
      const [name] = readdirSync(folder);
      expect(existsSync(path.join(folder, name ?? '', 'manifest.json'))).toBe(true);
    },
    60_000,
  );

  it.runIf(storage === 'fs' && testDb === 'postgres')('says plainly when pg_dump is missing', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const run = await cli(['backup', '--to', backupTo()], source);
      expect(run.code).toBe(1);
      expect(run.err).toContain('pg_dump was not found on PATH');
    } finally {
      process.env.PATH = saved;
    }
  });
});
