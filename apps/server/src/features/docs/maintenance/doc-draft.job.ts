import type { DocDraftJob } from '@hearth/contract';
import { z } from 'zod';
import { AppError } from '../../../http/errors';
import { defineJob, type JobDefinition } from '../../../jobs/define-job';
import type { JobQueue } from '../../../jobs/job-queue';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import type { AuditContext } from '../../audit';
import type { DocUpdateService } from './doc-update.service';

export const DOC_DRAFT_JOB = 'docs.draft';

const Payload = z.object({
  changeId: z.string(),
  /** Who asked, for the audit entries the draft writes. */
  context: z.object({
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable().optional(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
});
type Payload = z.infer<typeof Payload>;

/** What the job reports while it runs, and at the end the updates it wrote. */
const Progress = z.object({ done: z.number(), total: z.number(), updateIds: z.array(z.string()).optional() });

/**
 * Documentation drafting as a job: one model call per affected page can take minutes, longer than a request
 * should. The route enqueues it (202) and the web follows it at GET /api/admin/docs/drafts/:id, page by page.
 */
export class DocDraftJobs {
  private readonly definition: JobDefinition<Payload>;

  constructor(
    private readonly queue: JobQueue,
    private readonly updates: DocUpdateService,
    private readonly uow: UnitOfWork,
  ) {
    this.definition = defineJob({
      name: DOC_DRAFT_JOB,
      payload: Payload,
      // A model that failed once (timeout, wrong answer) is not asked again unbidden: the admin retries.
      retries: 1,
      handler: async ({ changeId, context }, job) => {
        const result = await this.updates.draft(changeId, context, job.signal, (done, total) =>
          job.progress({ done, total }),
        );
        await job.progress({ done: result.updates.length, total: result.updates.length, updateIds: ids(result) });
      },
    });
    queue.register(this.definition);
  }

  /** Checks the change can be drafted now, then enqueues its draft. */
  async start(changeId: string, context: AuditContext): Promise<DocDraftJob> {
    await this.updates.checkDraftable(changeId);
    const payload: Payload = { changeId, context: { ...context, actorEmail: context.actorEmail ?? null } };
    const id = await this.uow.run((tx) => this.queue.enqueue(tx, this.definition, payload));
    return { id, changeId, status: 'queued', progress: null, error: null, result: null };
  }

  async get(id: string): Promise<DocDraftJob> {
    const job = await this.queue.get(id);
    const payload = job?.type === DOC_DRAFT_JOB ? Payload.safeParse(JSON.parse(job.payload)) : undefined;
    if (!job || !payload?.success) throw AppError.notFound('Draft');
    const progress = job.progress ? Progress.safeParse(JSON.parse(job.progress)) : undefined;
    const reported = progress?.success ? progress.data : null;
    const { changeId } = payload.data;
    const result = job.status === 'done' ? await this.updates.drafted(changeId, reported?.updateIds ?? []) : null;
    return {
      id,
      changeId,
      status: job.status,
      progress: reported ? { done: reported.done, total: reported.total } : null,
      error: job.status === 'failed' ? job.error : null,
      result,
    };
  }
}

const ids = (result: { updates: { id: string }[] }) => result.updates.map((update) => update.id);
