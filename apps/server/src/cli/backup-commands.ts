import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Config, loadConfig } from '../config';
import { backupLocation } from '../features/backups/backup-archive';
import { BackupError } from '../features/backups/backup-error';
import { buildBackupCli, buildMigrationCli } from '../wiring/backup-cli';
import type { CliIo } from './cli';

export const BACKUP_COMMANDS = ['backup', 'restore', 'migrate'];

export const BACKUP_USAGE = `  backup [--to DIR|s3://bucket/prefix]
                                       a consistent snapshot of the database, every uploaded file and the
                                       instance secret, with a manifest of sizes and sha256 checksums, in a new
                                       folder hearth-backup-<time> (default --to: DATA_DIR/backups); the server
                                       may keep running. The backup holds the secret: keep it as safe as the data
  restore FROM                         restores the backup folder (or s3:// prefix) FROM onto an empty database
                                       and file store, after checking every checksum; then start the server
  migrate --to postgres://...|PATH     copies this instance's database (DATABASE_URL, or DATA_DIR/hearth.db)
                                       into a new, empty database of the other kind, table by table; stop the
                                       server first. Interrupted, run it again: it continues where it stopped.
                                       Every table's row count and checksum are compared at the end`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `backup` and `restore`; `secretFromEnv` when SECRET is set in the environment rather than kept in DATA_DIR. */
export async function runBackupCommand(
  command: string,
  args: string[],
  config: Config,
  io: CliIo,
  secretFromEnv: boolean,
): Promise<number> {
  if (command === 'migrate') return migrate(args, config, io);
  const cli = buildBackupCli(config);
  try {
    if (command === 'backup') {
      const flag = args.indexOf('--to');
      const to = flag >= 0 ? args[flag + 1] : path.join(config.DATA_DIR, 'backups');
      if (!to) {
        io.err('Give a folder or s3://bucket/prefix after --to.');
        return 2;
      }
      const archive = cli.openArchive(to);
      try {
        const { name, manifest, bytes } = await cli.backups.create(archive);
        // It holds the instance secret and every account's data: only its owner may open the folder.
        if (!/^s3:\/\//.test(to)) await chmod(backupLocation(to, name), 0o700);
        io.out(`Backup written to ${backupLocation(to, name)} (${manifest.files.length} files, ${megabytes(bytes)}).`);
      } finally {
        archive.close?.();
      }
      return 0;
    }
    const from = args[0];
    if (!from) {
      io.err('Give the backup to restore: npm run hearth -- restore FROM');
      return 2;
    }
    const archive = cli.openArchive(from);
    try {
      const { manifest, secret } = await cli.backups.restore(archive, cli.knownMigrations);
      if (!secretFromEnv) {
        const file = path.join(config.DATA_DIR, 'secret');
        await writeFile(file, `${secret}\n`, { mode: 0o600 });
        await chmod(file, 0o600);
      } else if (secret !== config.SECRET) {
        io.err(
          'Warning: SECRET differs from the one this backup was made with; set SECRET to the "secret" file in the backup, or encrypted settings cannot be read.',
        );
      }
      io.out(
        `Restored the backup of ${manifest.created_at} (Hearth ${manifest.hearth_version}, ${manifest.files.length} files). Start the server: it brings the database up to date.`,
      );
    } finally {
      archive.close?.();
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    cli.close();
  }
}

async function migrate(args: string[], config: Config, io: CliIo): Promise<number> {
  const flag = args.indexOf('--to');
  const to = flag >= 0 ? args[flag + 1] : undefined;
  if (!to) {
    io.err('Give the new database: npm run hearth -- migrate --to postgres://user:password@host/database');
    return 2;
  }
  const target = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: config.DATA_DIR,
    SECRET: config.SECRET,
    DATABASE_URL: /^(postgres(ql)?|sqlite|file):/.test(to) ? to : `sqlite:${path.resolve(to)}`,
  }).database;
  if (target.dialect === config.database.dialect) {
    io.err(
      `Both databases are ${target.dialect}: migrate copies between SQLite and PostgreSQL (use backup and restore to move an instance).`,
    );
    return 2;
  }
  try {
    const cli = await buildMigrationCli(config, target);
    try {
      let current = '';
      const report = await cli.migration.run({
        onBatch: (table) => {
          if (table !== current) io.out(`Copying ${(current = table)}...`);
        },
      });
      const rows = report.reduce((sum, table) => sum + table.rows, 0);
      io.out(`Copied ${report.length} tables (${rows} rows); every table's row count and checksum match.`);
      io.out(`Now set DATABASE_URL to the new database and start the server. Uploaded files stay where they are.`);
      return 0;
    } finally {
      await cli.close();
    }
  } catch (error) {
    if (error instanceof BackupError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
