import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ModelDownload } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { defineJob, type JobDefinition } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/job-queue';
import { checkOutboundUrl, type SsrfPolicy } from '../../http/ssrf-guard';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit';
import type { EventBus } from '../events';
import { ACTIVE_STATUSES, type DownloadPatch, type DownloadRepository, toDownload } from './download.repository';
import { sha256File, transfer } from './download-transfer';

export interface DownloadServiceOptions {
  modelsDir: string;
  policy: SsrfPolicy;
  maxBytes: number;
  log: FastifyBaseLogger;
  /** Called when a model file appears (to refresh model lists). */
  onInstalled(): void;
  retryDelayMs?: number;
}

const downloadEvent = (
  actorId: string,
  action: 'CREATE' | 'DELETE',
  id: string,
  details: Record<string, unknown>,
): AuditEvent => ({ userId: actorId, action, resourceType: 'model_download', resourceId: id, details });

export const DOWNLOAD_JOB = 'models.download';
const DownloadPayload = z.object({ downloadId: z.string() });
type DownloadPayload = z.infer<typeof DownloadPayload>;

const isActive = (status: string) => (ACTIVE_STATUSES as readonly string[]).includes(status);

const FILE_NAME = /^[\w][\w.-]{0,198}\.gguf$/i;
const EVENT_INTERVAL_MS = 250;
const SAVE_INTERVAL_MS = 1000;

/** The file name a download URL ends with; badly percent-encoded ("%E0%A4") is the client's mistake, a 400. */
function fileNameOf(url: URL): string {
  try {
    return decodeURIComponent(path.posix.basename(url.pathname));
  } catch {
    throw AppError.badRequest(
      'The file name in this URL is not valid percent-encoding. Fix the URL or give a file name ending in .gguf.',
      { field: 'url' },
    );
  }
}

/**
 * GGUF downloads, each a job on the one queue: they keep running when the page closes, and one interrupted by a
 * restart or a killed replica is taken up by exactly one replica (the queue's lease): the same one resumes from
 * MODELS_DIR/.partial/<id> with HTTP Range, another starts over on its own disk. Each is checked against the
 * sha256 given, or else the one the host publishes (Hugging Face does for every GGUF), and only appears in
 * MODELS_DIR, by atomic rename, once complete.
 */
export class DownloadService {
  /** Downloads running on this replica, to stop them at once when cancelled here. */
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly job: JobDefinition<DownloadPayload>;

  constructor(
    private readonly repository: DownloadRepository,
    private readonly bus: EventBus,
    private readonly options: DownloadServiceOptions,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
  ) {
    this.job = defineJob({
      name: DOWNLOAD_JOB,
      payload: DownloadPayload,
      handler: ({ downloadId }, context) => this.runJob(downloadId, context.signal),
      onGiveUp: async (payload, error) => {
        if (payload) await this.save(payload.downloadId, { status: 'failed', error }, true);
      },
    });
    jobs.register(this.job);
  }

  private partialPath(id: string): string {
    return path.join(this.options.modelsDir, '.partial', id);
  }

  async list(): Promise<ModelDownload[]> {
    return (await this.repository.list()).map(toDownload);
  }

  async create(
    actorId: string,
    body: { url: string; file_name?: string; sha256?: string },
    context: AuditContext,
  ): Promise<ModelDownload> {
    const url = await checkOutboundUrl(body.url, this.options.policy);
    const fileName = body.file_name ?? fileNameOf(url);
    if (!FILE_NAME.test(fileName)) {
      throw AppError.badRequest('Give a plain file name ending in .gguf for this download.', { field: 'file_name' });
    }
    const exists = await access(path.join(this.options.modelsDir, fileName)).then(
      () => true,
      () => false,
    );
    if (exists || (await this.repository.activeWithFileName(fileName))) {
      throw AppError.conflict(`A model file named ${fileName} already exists or is being downloaded.`);
    }
    const row = await this.uow.run(async (tx) => {
      const created = await this.repository.create(
        { url: url.toString(), fileName, sha256: body.sha256 ?? null, createdBy: actorId },
        tx,
      );
      const details = { file_name: fileName, origin: url.origin, sha256: created.sha256 };
      await this.audit.record(tx, downloadEvent(actorId, 'CREATE', created.id, details), context);
      // The row and its job commit together: no download is ever left without a worker.
      await this.jobs.enqueue(tx, this.job, { downloadId: created.id });
      return created;
    });
    return toDownload(row);
  }

  /** Active downloads stop and are marked cancelled; finished ones are removed from the list. */
  async cancel(actorId: string, id: string, context: AuditContext): Promise<void> {
    const row = await this.repository.get(id);
    if (!row) throw AppError.notFound('Download');
    // Running here: stopped now; on another replica, it sees the cancelled row at its next progress write.
    const local = this.running.get(id);
    if (local) {
      local.controller.abort(new Error('cancelled'));
      await local.done;
    }
    const active = row.status === 'queued' || row.status === 'downloading' || row.status === 'verifying';
    if (active) await rm(this.partialPath(id), { force: true });
    // Progress writes still queued land first, so the final state is never overwritten.
    await this.saving.get(id);
    const cancelled = await this.uow.run(async (tx) => {
      const updated = active
        ? await this.repository.update(id, { status: 'cancelled', error: null }, tx)
        : (await this.repository.delete(id, tx), undefined);
      const details = { file_name: row.file_name, status: row.status, cancelled: active };
      await this.audit.record(tx, downloadEvent(actorId, 'DELETE', id, details), context);
      return updated;
    });
    if (cancelled?.created_by) {
      this.bus.publish(cancelled.created_by, { type: 'model.download', download: toDownload(cancelled) });
    }
  }

  /** The job: runs the transfer unless the download was cancelled or finished meanwhile. */
  private async runJob(id: string, shutdown: AbortSignal): Promise<void> {
    const row = await this.repository.get(id);
    if (!row || !isActive(row.status)) return;
    const controller = new AbortController();
    const stop = () => controller.abort(shutdown.reason);
    shutdown.addEventListener('abort', stop, { once: true });
    const done = this.run(id, controller.signal);
    this.running.set(id, { controller, done });
    try {
      await done;
    } finally {
      shutdown.removeEventListener('abort', stop);
      this.running.delete(id);
    }
    // Stopped by shutdown: the queue puts the job back, and this replica (or another) takes it up again.
    shutdown.throwIfAborted();
    // Cancelled on another replica (seen at a progress write): this replica's partial file goes too.
    if (controller.signal.aborted) await rm(this.partialPath(id), { force: true });
  }

  private lastEvent = new Map<string, number>();

  private readonly saving = new Map<string, Promise<void>>();

  /** Updates of one download apply in order: a late progress write never overtakes the final state. */
  private save(id: string, patch: DownloadPatch, announce: boolean): Promise<void> {
    const previous = this.saving.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      // Only an active download changes: a cancelled one (on any replica) stays so, and its transfer stops.
      const row = await this.repository.updateActive(id, patch);
      if (!row) {
        this.running.get(id)?.controller.abort(new Error('cancelled'));
        return;
      }
      if (!announce || !row.created_by) return;
      this.lastEvent.set(id, Date.now());
      this.bus.publish(row.created_by, { type: 'model.download', download: toDownload(row) });
    });
    const settled = next.catch(() => undefined);
    this.saving.set(id, settled);
    void settled.then(() => {
      if (this.saving.get(id) === settled) this.saving.delete(id);
    });
    return next;
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const row = await this.repository.get(id);
    if (!row) return;
    const partial = this.partialPath(id);
    await mkdir(path.dirname(partial), { recursive: true });
    await this.save(id, { status: 'downloading', error: null }, true);
    let savedAt = Date.now();
    try {
      const { size, publishedSha256 } = await transfer({
        url: row.url,
        partialPath: partial,
        policy: this.options.policy,
        maxBytes: this.options.maxBytes,
        signal,
        retryDelayMs: this.options.retryDelayMs,
        onProgress: (received, total) => {
          const now = Date.now();
          const announce = now - (this.lastEvent.get(id) ?? 0) >= EVENT_INTERVAL_MS;
          if (!announce && now - savedAt < SAVE_INTERVAL_MS) return;
          savedAt = now;
          void this.save(id, { received_bytes: received, total_bytes: total }, announce).catch(() => undefined);
        },
      });
      // A sha256 given with the download wins; else the one the host publishes is checked (and shown).
      await this.finish(id, row.file_name, row.sha256 ?? publishedSha256, size, signal);
    } catch (error) {
      if (signal.aborted) return; // cancel() or shutdown decides what the row says
      await rm(partial, { force: true });
      await this.save(id, { status: 'failed', error: error instanceof Error ? error.message : String(error) }, true);
    } finally {
      this.lastEvent.delete(id);
    }
  }

  private async finish(id: string, fileName: string, expected: string | null, size: number, signal: AbortSignal) {
    const partial = this.partialPath(id);
    await this.save(id, { status: 'verifying', received_bytes: size, total_bytes: size, sha256: expected }, true);
    if (expected) {
      const actual = await sha256File(partial, signal);
      if (actual !== expected) throw new Error(`Checksum mismatch: expected ${expected}, got ${actual}`);
    }
    const target = path.join(this.options.modelsDir, fileName);
    if (
      await access(target).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`${fileName} already exists`);
    await rename(partial, target);
    await this.save(id, { status: 'completed', completed_at: new Date().toISOString() }, true);
    this.options.onInstalled();
  }
}
