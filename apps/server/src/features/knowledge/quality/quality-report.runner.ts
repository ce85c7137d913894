import { QUALITY_REPORT, type QualityReportResult } from '@hearth/contract';
import type { ModelRegistry } from '../../models';
import type { ModelHandle } from '../advanced/ask-model';
import type { SearchService } from '../search.service';
import { measure, PROBE_SEARCH_LIMIT } from './quality-measure';
import { makeProbes, pickPassages } from './quality-probes';
import type { QualityReportPayload } from './quality-report.job';
import type { QualityReportRepository } from './quality-report.repository';

/** Passages read per collection at most (probes are picked from them; duplicates are found among them). */
const MAX_PASSAGES = 20_000;

interface Logger {
  warn(details: object, message: string): void;
}

/** Which search the report measured, so a change in the trend can be traced to a change of model. */
export type SearchLabel = () => Promise<string>;

/**
 * Runs one quality report: probes from the collection's passages, each searched as the owner would search,
 * then the figures, saved with the report. Anything that breaks marks the report failed rather than retrying.
 */
export class QualityReportRunner {
  constructor(
    private readonly reports: QualityReportRepository,
    private readonly search: Pick<SearchService, 'search'>,
    private readonly registry: ModelRegistry | null,
    private readonly searchLabel: SearchLabel,
    private readonly log: Logger,
  ) {}

  async run(payload: QualityReportPayload, signal: AbortSignal): Promise<void> {
    const { reportId, userId, collectionId } = payload;
    try {
      const documents = await this.reports.documents(userId, collectionId);
      const chunks = await this.reports.chunks(userId, collectionId, MAX_PASSAGES);
      const picked = pickPassages(chunks, QUALITY_REPORT.maxProbes);
      await this.reports.progress(reportId, 0, picked.length);
      const model = await this.model(payload.model);
      const { probes, byModel } = await makeProbes(picked, chunks, model, signal);
      const measured = await measure({
        documents,
        chunks,
        probes,
        search: (question) => this.search.search(userId, question, [collectionId], PROBE_SEARCH_LIMIT),
        onProgress: (done) => this.reports.progress(reportId, done, picked.length),
        signal,
      });
      const result: QualityReportResult = {
        ...measured,
        method: byModel > 0 ? 'model' : 'offline',
        search: await this.searchLabel(),
      };
      await this.reports.finish(reportId, { status: 'done', result: JSON.stringify(result) });
    } catch (error) {
      // Shutting down: the job goes back to the queue and this report runs again from the start.
      if (signal.aborted) throw error;
      this.log.warn({ err: error, reportId }, 'quality report failed');
      await this.fail(reportId, error instanceof Error ? error.message : String(error));
    }
  }

  async fail(reportId: string, error: string): Promise<void> {
    await this.reports.finish(reportId, { status: 'failed', error: `The quality check failed: ${error}` });
  }

  private async model(name: string | undefined): Promise<ModelHandle | null> {
    if (!name || !this.registry) return null;
    try {
      const resolved = await this.registry.resolve(name);
      return { provider: resolved.provider, model: resolved.model.name };
    } catch (error) {
      this.log.warn({ err: error, model: name }, 'quality probes: model unavailable; writing them offline');
      return null;
    }
  }
}
