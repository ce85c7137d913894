import type { ModelDownload } from '@hearth/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, ModelDownloadsTable } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import { newId, nowIso } from '../../lib/crypto';
import type { Tx } from '../../lib/unit-of-work';

type Row = ModelDownloadsTable;
export type DownloadPatch = Omit<Updateable<Row>, 'id' | 'updated_at'>;

export const ACTIVE_STATUSES = ['queued', 'downloading', 'verifying'] as const;

const toNumber = (value: number | string | null): number | null => (value === null ? null : Number(value));

export function toDownload(row: Row): ModelDownload {
  const received = toNumber(row.received_bytes) ?? 0;
  const total = toNumber(row.total_bytes);
  return {
    ...row,
    received_bytes: received,
    total_bytes: total,
    percent: total ? Math.min(100, Math.round((received / total) * 1000) / 10) : null,
  };
}

/** GGUF downloads for the built-in runtime. Instance-wide, like the models they bring. */
export class DownloadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(
    input: { url: string; fileName: string; sha256: string | null; createdBy: string },
    tx?: Tx,
  ): Promise<Row> {
    const now = nowIso();
    const row: Row = {
      id: newId(),
      url: input.url,
      file_name: input.fileName,
      sha256: input.sha256,
      status: 'queued',
      received_bytes: 0,
      total_bytes: null,
      error: null,
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
      completed_at: null,
    };
    await executor(tx, this.db).insertInto('model_downloads').values(row).execute();
    return row;
  }

  get(id: string): Promise<Row | undefined> {
    return this.db.selectFrom('model_downloads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(limit = 100): Promise<Row[]> {
    return this.db.selectFrom('model_downloads').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  }

  async activeWithFileName(fileName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('model_downloads')
      .select('id')
      .where('file_name', '=', fileName)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirst();
    return row !== undefined;
  }

  async update(id: string, patch: DownloadPatch, tx?: Tx): Promise<Row | undefined> {
    const db = executor(tx, this.db);
    await db
      .updateTable('model_downloads')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return db.selectFrom('model_downloads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Updates a download only while it is active (queued, downloading, verifying): the row after, or undefined. */
  async updateActive(id: string, patch: DownloadPatch): Promise<Row | undefined> {
    const result = await this.db
      .updateTable('model_downloads')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? this.get(id) : undefined;
  }

  async delete(id: string, tx?: Tx): Promise<boolean> {
    const result = await executor(tx, this.db).deleteFrom('model_downloads').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
