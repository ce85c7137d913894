import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job';
import type { QualityReportRunner } from './quality-report.runner';

export const QUALITY_REPORT_JOB = 'knowledge.quality-report';

export const QualityReportPayload = z.object({
  reportId: z.string(),
  userId: z.string(),
  collectionId: z.string(),
  /** A chat model to write the probes (the owner's choice); offline without it. */
  model: z.string().optional(),
});
export type QualityReportPayload = z.infer<typeof QualityReportPayload>;

/**
 * A collection's quality check on the one job queue (registered in knowledge-feature.ts). A report is a
 * measurement, cheap to repeat: an attempt that fails is not retried, the report says it failed.
 */
export function qualityReportJob(runner: QualityReportRunner) {
  return defineJob({
    name: QUALITY_REPORT_JOB,
    payload: QualityReportPayload,
    retries: 1,
    handler: (payload, context) => runner.run(payload, context.signal),
    onGiveUp: async (payload, error) => {
      if (payload) await runner.fail(payload.reportId, error);
    },
  });
}
