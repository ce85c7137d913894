import { createTransport } from 'nodemailer';
import type { Config } from '../../config';
import type { JobQueue } from '../../jobs/job-queue';
import { SecretBox } from '../../lib/secret-box';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { type MailTransport, sendMailJob } from './mail.job';
import { MailService } from './mail.service';

/** Builds the mailer once (wiring) and registers its job; without SMTP_URL it is built disabled. */
export function buildMail(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SECRET'>, uow: UnitOfWork, jobs: JobQueue) {
  const box = new SecretBox(config.SECRET, 'mail');
  if (!config.SMTP_URL || !config.MAIL_FROM) return new MailService(false, uow, jobs, undefined, box);
  // Short timeouts: a dead mail server fails the attempt quickly and the queue retries later.
  const transport: MailTransport = createTransport({
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const job = sendMailJob(transport, config.MAIL_FROM, box);
  jobs.register(job);
  return new MailService(true, uow, jobs, job, box);
}
