import type { Db } from '../../../db/database';
import type { JobQueue } from '../../../jobs/job-queue';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditService } from '../../audit/audit.service';
import type { ModelRegistry } from '../../models/model-provider';
import type { KnowledgeRepository } from '../knowledge.repository';
import type { SearchService } from '../search.service';
import { qualityReportJob } from './quality-report.job';
import { QualityReportRepository } from './quality-report.repository';
import { QualityReportRunner, type SearchLabel } from './quality-report.runner';
import { QualityReportService } from './quality-report.service';

/** Wires collection quality reports: their job on the one queue, and the service behind the routes. */
export function buildQualityReports(deps: {
  db: Db;
  uow: UnitOfWork;
  audit: AuditService;
  queue: JobQueue;
  collections: KnowledgeRepository;
  search: Pick<SearchService, 'search'>;
  registry: ModelRegistry | null;
  searchLabel: SearchLabel;
  log: { warn(details: object, message: string): void };
}): QualityReportService {
  const reports = new QualityReportRepository(deps.db.kysely);
  const runner = new QualityReportRunner(reports, deps.search, deps.registry, deps.searchLabel, deps.log);
  const job = qualityReportJob(runner);
  deps.queue.register(job);
  return new QualityReportService(
    deps.uow,
    deps.collections,
    reports,
    (tx, payload) => deps.queue.enqueue(tx, job, payload),
    deps.audit,
  );
}
