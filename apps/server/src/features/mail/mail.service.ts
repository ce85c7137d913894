import type { UnitOfWork } from '../../lib/unit-of-work';
import type { JobQueue } from '../../jobs/job-queue';
import type { SecretBox } from '../../lib/secret-box';
import type { JobDefinition } from '../../jobs/define-job';
import { MailMessage } from './mail.job';

/**
 * Outgoing mail. `send` only enqueues (in the caller's transaction when called inside `uow.run`, so the mail
 * leaves only if the change that needs it commits); the queue delivers it, retrying, so a slow or failing mail
 * server never holds up a request and a mail is not lost on restart.
 */
export class MailService {
  constructor(
    /** False without SMTP_URL: callers offer mail-based features only when it is true. */
    readonly enabled: boolean,
    private readonly uow: UnitOfWork,
    private readonly jobs: Pick<JobQueue, 'enqueue'>,
    private readonly job: JobDefinition<{ sealed: string }> | undefined,
    private readonly box: SecretBox,
  ) {}

  /** Queues a mail; returns false (and sends nothing) when mail is not configured. */
  async send(message: MailMessage): Promise<boolean> {
    const job = this.job;
    if (!this.enabled || !job) return false;
    const sealed = this.box.seal(JSON.stringify(MailMessage.parse(message)));
    await this.uow.run((tx) => this.jobs.enqueue(tx, job, { sealed }));
    return true;
  }
}
