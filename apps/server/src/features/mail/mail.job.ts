import { z } from 'zod';
import { defineJob, PermanentJobError } from '../../jobs/define-job';
import type { SecretBox } from '../../lib/secret-box';

/** One mail as the queue keeps it. */
export const MailMessage = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
});
export type MailMessage = z.infer<typeof MailMessage>;

/** What actually talks SMTP (nodemailer's transport in production). */
export interface MailTransport {
  sendMail(message: MailMessage & { from: string; signal?: AbortSignal }): Promise<unknown>;
}

export const SEND_MAIL_JOB = 'mail.send';

/**
 * Sends one mail. The payload is sealed (AES-GCM under SECRET): mails carry one-time links, and the jobs table
 * keeps finished jobs for days, so the link must not sit there readable. Retried with backoff (1 s, 2 s, 4 s ...
 * about four minutes in all) because mail servers refuse for a while (greylisting, restarts); a payload that no longer opens
 * (SECRET changed) fails at once.
 */
export function sendMailJob(transport: MailTransport, from: string, box: SecretBox) {
  return defineJob({
    name: SEND_MAIL_JOB,
    payload: z.object({ sealed: z.string() }),
    retries: 8,
    backoffMs: 1000,
    handler: async ({ sealed }, { signal }) => {
      let message: MailMessage;
      try {
        message = MailMessage.parse(JSON.parse(box.open(sealed)));
      } catch {
        throw new PermanentJobError('The mail could not be opened (was SECRET changed?)');
      }
      await transport.sendMail({ ...message, from, signal });
    },
  });
}
