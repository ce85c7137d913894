import type { DocUpdate, ProcessDocUpdatesResult } from '@hearth/contract';
import { AppError } from '../../../http/errors';
import { nowIso } from '../../../lib/crypto';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../../audit';
import { checkSource, type DocPageService } from '../doc-page.service';
import type { DocUpdateListRow, DocUpdateRepository } from './doc-update.repository';
import { toDocUpdate } from './maintenance-mappers';
import { findUpdate, recordUpdate } from './doc-update-records';

export const PAGE_CHANGED_SINCE_DRAFT = 'The page changed since this update was drafted';
export const NOT_PENDING = 'Update is not pending';

const notPending = () => AppError.conflict(NOT_PENDING);

interface Outcome {
  update: DocUpdate;
  error: string | null;
}

/**
 * Deciding drafted documentation updates: applying them (a new revision of the page, only while the page is still
 * what the update was drafted from) or rejecting them. Spec §4: pending → applied on success, rejected on failure.
 */
export class DocUpdateDecisionService {
  constructor(
    private readonly updates: DocUpdateRepository,
    private readonly pages: Pick<DocPageService, 'current' | 'saveRevision'>,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /** Applies every pending automatic update; one that cannot be applied is rejected with the reason. */
  async processAutomatic(context: AuditContext): Promise<ProcessDocUpdatesResult> {
    const outcomes: Outcome[] = [];
    for (const row of await this.updates.pendingAutomatic()) {
      try {
        outcomes.push(await this.applyOne(row, context, 'process-automatic'));
      } catch (error) {
        // Another admin or replica decided it meanwhile: not ours to report.
        if (error instanceof AppError && error.message === NOT_PENDING) continue;
        throw error;
      }
    }
    const updates = outcomes.map((outcome) => outcome.update);
    const applied = updates.filter((update) => update.status === 'applied').length;
    return { applied, rejected: updates.length - applied, updates };
  }

  /** Applies one pending update; when it cannot be applied it is rejected and 409 says why. */
  async apply(id: string, context: AuditContext): Promise<DocUpdate> {
    const row = await findUpdate(this.updates, id);
    if (row.status !== 'pending') throw notPending();
    const outcome = await this.applyOne(row, context, 'apply');
    if (outcome.error) throw new AppError('conflict', 409, outcome.error, { update: outcome.update });
    return outcome.update;
  }

  async reject(id: string, context: AuditContext): Promise<DocUpdate> {
    const row = await findUpdate(this.updates, id);
    if (row.status !== 'pending') throw notPending();
    await this.uow.run(async (tx) => {
      const at = nowIso();
      if (!(await this.updates.decide(tx, id, { status: 'rejected', error: null, decidedBy: context.actorId, at }))) {
        throw notPending();
      }
      await recordUpdate(this.audit, tx, context, 'UPDATE', id, { docPath: row.doc_path, status: 'rejected' });
    });
    return toDocUpdate(await findUpdate(this.updates, id));
  }

  /**
   * Saves the suggestion as a new revision of the page, only while the page is still what the update was
   * drafted from. Any failure rejects the update with its reason (spec §4: rejected on failure).
   */
  private async applyOne(row: DocUpdateListRow, context: AuditContext, via: string): Promise<Outcome> {
    try {
      await this.uow.run(async (tx) => {
        const current = await this.pages.current(row.doc_path, tx);
        if (current.source !== row.current_content) throw AppError.conflict(PAGE_CHANGED_SINCE_DRAFT);
        checkSource(row.suggested_content, row.doc_path);
        const revision = await this.pages.saveRevision(tx, {
          path: row.doc_path,
          source: row.suggested_content,
          kind: 'doc_update',
          userId: context.actorId,
          baseRevision: current.revision,
        });
        const at = nowIso();
        if (
          !(await this.updates.decide(tx, row.id, { status: 'applied', error: null, decidedBy: context.actorId, at }))
        ) {
          throw notPending();
        }
        await recordUpdate(this.audit, tx, context, 'UPDATE', row.id, {
          docPath: row.doc_path,
          status: 'applied',
          revision,
          via,
        });
        if (revision !== null) {
          await this.audit.record(
            tx,
            {
              userId: context.actorId,
              action: 'UPDATE',
              resourceType: 'doc_page',
              resourceId: row.doc_path,
              details: { path: row.doc_path, revision, kind: 'doc_update', updateId: row.id },
            },
            context,
          );
        }
      });
      return { update: toDocUpdate(await findUpdate(this.updates, row.id)), error: null };
    } catch (error) {
      if (error instanceof AppError && error.message === NOT_PENDING) throw error;
      const reason = error instanceof AppError ? error.message : 'Applying the update failed.';
      await this.uow.run(async (tx) => {
        const at = nowIso();
        if (
          !(await this.updates.decide(tx, row.id, {
            status: 'rejected',
            error: reason,
            decidedBy: context.actorId,
            at,
          }))
        ) {
          throw notPending();
        }
        await recordUpdate(this.audit, tx, context, 'UPDATE', row.id, {
          docPath: row.doc_path,
          status: 'rejected',
          error: reason,
          via,
        });
      });
      return { update: toDocUpdate(await findUpdate(this.updates, row.id)), error: reason };
    }
  }
}
