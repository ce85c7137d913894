import type {
  DocUpdate,
  DocUpdateStatus,
  DraftDocUpdatesResult,
  GenerateDocUpdateBody,
  GenerateDocUpdateResult,
} from '@hearth/contract';
import { AppError } from '../../../http/errors';
import { newId, nowIso } from '../../../lib/crypto';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../../audit';
import type { DocPageService } from '../doc-page.service';
import { confidenceOf, updateTypeOf } from './confidence';
import type { DocChangeRepository, DocChangeRow } from './doc-change.repository';
import type { DocUpdateGenerator } from './doc-update-generator';
import type { DocUpdateRepository, DocUpdateRow } from './doc-update.repository';
import { toDocChange, toDocUpdate } from './maintenance-mappers';
import { findUpdate, recordUpdate } from './doc-update-records';

/** An answer that is not a page at the right path (or was cut off) loses this much confidence: never automatic. */
export const INVALID_PAGE_PENALTY = 0.5;

/** Drafting documentation updates for detected changes (deciding them is DocUpdateDecisionService's). */
export class DocUpdateService {
  constructor(
    private readonly updates: DocUpdateRepository,
    private readonly changes: DocChangeRepository,
    private readonly pages: Pick<DocPageService, 'current'>,
    private readonly generator: DocUpdateGenerator,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async list(status?: DocUpdateStatus): Promise<DocUpdate[]> {
    return (await this.updates.list(status)).map(toDocUpdate);
  }

  /** The spec's generate-doc-update: the updated page for one change, recorded nowhere. */
  async generate(body: GenerateDocUpdateBody, signal?: AbortSignal): Promise<GenerateDocUpdateResult> {
    const change = await this.change(body.change);
    const current = await this.pages.current(body.docPath);
    const { updatedContent } = await this.generator.generate(
      {
        prompt: body.prompt,
        change: toDocChange(change),
        diffExcerpt: change.diff_excerpt,
        docPath: body.docPath,
        currentPage: current.source,
      },
      signal,
    );
    return { updatedContent };
  }

  /** Refuses a change that does not exist or still has pending updates (checked again when the draft runs). */
  async checkDraftable(changeId: string): Promise<void> {
    await this.change(changeId);
    if ((await this.updates.countPending(changeId)) > 0) {
      throw AppError.conflict('This change already has pending updates: apply or reject them first.');
    }
  }

  /**
   * One pending update per affected page, then the change is processed. All pages or none are recorded.
   * `onPage` hears how many pages are drafted so far (the draft job reports it as its progress).
   */
  async draft(
    changeId: string,
    context: AuditContext,
    signal?: AbortSignal,
    onPage?: (done: number, total: number) => Promise<void>,
  ): Promise<DraftDocUpdatesResult> {
    await this.checkDraftable(changeId);
    const change = await this.change(changeId);
    const described = toDocChange(change);
    const rows: DocUpdateRow[] = [];
    const total = described.affectedDocs.length;
    for (const [index, docPath] of described.affectedDocs.entries()) {
      await onPage?.(index, total);
      const current = await this.pages.current(docPath).catch(() => null);
      if (!current) continue; // a page that no longer ships
      const generated = await this.generator.generate(
        { change: described, diffExcerpt: change.diff_excerpt, docPath, currentPage: current.source },
        signal,
      );
      const scored = confidenceOf({
        impact: described.impact,
        fileType: described.fileType,
        linesChanged: described.linesChanged,
        currentContent: current.source,
        suggestedContent: generated.updatedContent,
      });
      const confidence = generated.valid ? scored : Math.round(Math.max(0, scored - INVALID_PAGE_PENALTY) * 100) / 100;
      rows.push({
        id: newId(),
        change_id: change.id,
        doc_path: docPath,
        current_content: current.source,
        suggested_content: generated.updatedContent,
        update_type: generated.valid ? updateTypeOf(confidence) : 'review_required',
        status: 'pending',
        ai_confidence: confidence,
        error: null,
        created_by: context.actorId,
        created_at: nowIso(),
        decided_by: null,
        decided_at: null,
      });
    }
    await this.uow.run(async (tx) => {
      for (const row of rows) {
        await this.updates.insert(tx, row);
        await recordUpdate(this.audit, tx, context, 'CREATE', row.id, {
          changeId: change.id,
          docPath: row.doc_path,
          updateType: row.update_type,
          aiConfidence: row.ai_confidence,
        });
      }
      await this.changes.markProcessed(tx, change.id);
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'UPDATE',
          resourceType: 'doc_change',
          resourceId: change.id,
          details: { filePath: change.file_path, processed: true, updates: rows.length },
        },
        context,
      );
    });
    await onPage?.(total, total);
    return await this.drafted(
      change.id,
      rows.map((row) => row.id),
    );
  }

  /** A drafted change and the updates written for it (as they are now: automatic ones may be applied). */
  async drafted(changeId: string, updateIds: readonly string[]): Promise<DraftDocUpdatesResult> {
    const updates = await Promise.all(updateIds.map(async (id) => toDocUpdate(await findUpdate(this.updates, id))));
    return { change: toDocChange(await this.change(changeId)), updates };
  }

  private async change(id: string): Promise<DocChangeRow> {
    const change = await this.changes.find(id);
    if (!change) throw AppError.notFound('Change');
    return change;
  }
}
