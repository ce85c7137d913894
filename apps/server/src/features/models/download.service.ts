import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ModelDownload } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors';
import { checkOutboundUrl, type SsrfPolicy } from '../../http/ssrf-guard';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditEvent, AuditService } from '../audit/audit.service';
import type { EventBus } from '../events/event-bus';
import { type DownloadPatch, type DownloadRepository, toDownload } from './download.repository';
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
 * GGUF downloads as background jobs: they keep running when the page closes, survive a restart (interrupted
 * ones resume from MODELS_DIR/.partial/<id> with HTTP Range), are checked against the sha256 given, or else the
 * one the host publishes (Hugging Face does for every GGUF), and only appear in MODELS_DIR, by atomic rename,
 * once complete.
 */
export class DownloadService {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private closing = false;

  constructor(
    private readonly repository: DownloadRepository,
    private readonly bus: EventBus,
    private readonly options: DownloadServiceOptions,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

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
      return created;
    });
    this.start(row.id);
    return toDownload(row);
  }

  /** Active downloads stop and are marked cancelled; finished ones are removed from the list. */
  async cancel(actorId: string, id: string, context: AuditContext): Promise<void> {
    const row = await this.repository.get(id);
    if (!row) throw AppError.notFound('Download');
    const job = this.running.get(id);
    if (job) {
      job.controller.abort(new Error('cancelled'));
      await job.done;
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

  /** At start-up: pick up downloads a previous process did not finish. */
  async resumeInterrupted(): Promise<void> {
    for (const row of await this.repository.listActive()) this.start(row.id);
  }

  /** At shutdown: stop transfers but keep their state, so the next start resumes them. */
  async close(): Promise<void> {
    this.closing = true;
    for (const job of this.running.values()) job.controller.abort(new Error('shutdown'));
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  private start(id: string): void {
    if (this.running.has(id) || this.closing) return;
    const controller = new AbortController();
    const done = this.run(id, controller.signal)
      .catch((error: unknown) => this.options.log.error({ err: error, download: id }, 'model download crashed'))
      .finally(() => this.running.delete(id));
    this.running.set(id, { controller, done });
  }

  private lastEvent = new Map<string, number>();

  private readonly saving = new Map<string, Promise<void>>();

  /** Updates of one download apply in order: a late progress write never overtakes the final state. */
  private save(id: string, patch: DownloadPatch, announce: boolean): Promise<void> {
    const previous = this.saving.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      const row = await this.repository.update(id, patch);
      if (!row || !announce || !row.created_by) return;
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
