import type { Config } from '../config';
import { createDb } from '../db/database';
import { migrations } from '../db/migrations';
import { openArchive } from '../features/backups/backup-archive';
import { BackupService } from '../features/backups/backup.service';
import { MigrationService } from '../features/backups/migration.service';
import { SnapshotRepository } from '../features/backups/snapshot.repository';
import { TableCopyRepository } from '../features/backups/table-copy.repository';
import { bitsToBlob, signBits } from '../features/knowledge/embeddings/binary-sketch';
import { createBlobStore } from '../storage/create-blob-store';

/**
 * What `hearth backup` and `hearth restore` need: the blob store and the database as files. Unlike buildCli it
 * does not migrate the database first: restore needs it empty, and a backup should not change what it copies.
 */
export function buildBackupCli(config: Config) {
  const blobs = createBlobStore(config);
  return {
    backups: new BackupService(new SnapshotRepository(config.database), blobs, config.SECRET),
    knownMigrations: Object.keys(migrations),
    openArchive: (location: string) => openArchive(location, config),
    close: () => blobs.close?.(),
  };
}

/**
 * What `hearth migrate` needs: both databases, each brought to this version's schema first (the target is
 * created and migrated here), and the copier between them.
 */
export async function buildMigrationCli(config: Config, target: Config['database']) {
  const source = createDb(config.database, 2);
  const destination = createDb(target, 2);
  try {
    await source.migrate();
    await destination.migrate();
  } catch (error) {
    await Promise.all([source.close(), destination.close()]);
    throw error;
  }
  const copy = new TableCopyRepository(source.kysely, source.dialect, destination.kysely, (vector) =>
    bitsToBlob(signBits(vector)),
  );
  return {
    migration: new MigrationService(copy),
    close: () => Promise.all([source.close(), destination.close()]),
  };
}
