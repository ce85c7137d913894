import { randomUUID } from 'node:crypto';
import {
  type CreateQualityReportBody,
  QUALITY_REPORT,
  type QualityReport,
  QualityReportResult,
} from '@hearth/contract';
import { AppError } from '../../../http/errors';
import { isUniqueViolation, type Tx, type UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../../audit';
import type { KnowledgeRepository } from '../knowledge.repository';
import type { QualityReportPayload } from './quality-report.job';
import type { QualityReportRepository, QualityReportRow } from './quality-report.repository';

/** Puts a quality report's job on the queue, inside the transaction that creates the report. */
export type EnqueueQualityReport = (tx: Tx, payload: QualityReportPayload) => Promise<string>;

export function toQualityReport(row: QualityReportRow): QualityReport {
  const parsed = row.result ? QualityReportResult.safeParse(JSON.parse(row.result)) : null;
  return {
    id: row.id,
    collection_id: row.collection_id,
    status: row.status,
    progress: { done: row.progress_done, total: row.progress_total },
    result: parsed?.success ? parsed.data : null,
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** "Check quality" on a collection (issue 18): starts a report as a background job and lists the history. */
export class QualityReportService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly collections: Pick<KnowledgeRepository, 'findCollection'>,
    private readonly reports: QualityReportRepository,
    private readonly enqueue: EnqueueQualityReport,
    private readonly audit: AuditService,
  ) {}

  /** Starts a report; while one runs for the collection, that one answers (a second press starts nothing). */
  async start(
    userId: string,
    collectionId: string,
    body: CreateQualityReportBody,
    context: AuditContext,
  ): Promise<QualityReport> {
    await this.owned(userId, collectionId);
    const running = await this.reports.running(userId, collectionId);
    if (running) return toQualityReport(running);
    const row: QualityReportRow = {
      id: randomUUID(),
      user_id: userId,
      collection_id: collectionId,
      status: 'running',
      progress_done: 0,
      progress_total: 0,
      result: null,
      error: null,
      created_at: new Date().toISOString(),
      finished_at: null,
    };
    try {
      await this.create(row, body, context);
    } catch (error) {
      // Another press got in between the check and the insert: one report runs per collection (unique index).
      const winner = isUniqueViolation(error) ? await this.reports.running(userId, collectionId) : undefined;
      if (winner) return toQualityReport(winner);
      throw error;
    }
    return toQualityReport(row);
  }

  private async create(row: QualityReportRow, body: CreateQualityReportBody, context: AuditContext): Promise<void> {
    const { user_id: userId, collection_id: collectionId } = row;
    await this.uow.run(async (tx) => {
      await this.reports.insert(row, tx);
      // The history keeps the newest reports; older ones go as a new one starts.
      await this.reports.prune(userId, collectionId, QUALITY_REPORT.history, tx);
      await this.enqueue(tx, { reportId: row.id, userId, collectionId, model: body.model });
      await this.audit.record(
        tx,
        {
          userId,
          action: 'CREATE',
          resourceType: 'collection_quality_report',
          resourceId: row.id,
          details: { collection_id: collectionId, model: body.model ?? null },
        },
        context,
      );
    });
  }

  async list(userId: string, collectionId: string): Promise<QualityReport[]> {
    await this.owned(userId, collectionId);
    return (await this.reports.list(userId, collectionId, QUALITY_REPORT.history)).map(toQualityReport);
  }

  private async owned(userId: string, collectionId: string): Promise<void> {
    if (!(await this.collections.findCollection(userId, collectionId))) throw AppError.notFound('Collection');
  }
}
