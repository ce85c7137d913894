import { AppError } from '../../http/errors';
import { guardedFetch } from '../../http/guarded-fetch';
import type { SsrfPolicy } from '../../http/ssrf-guard';

/**
 * POSTs {version, tag, from_version, timestamp} to the admin's deploy webhook through the guarded fetch (no
 * redirects). Anything but a 2xx is an upstream error that quotes a little of the answer.
 */
export async function callDeployWebhook(
  url: string,
  options: { policy: SsrfPolicy; timeoutMs: number; body: Record<string, string> },
): Promise<void> {
  let status: number;
  let text: string;
  try {
    const { response } = await guardedFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Hearth' },
        body: JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      { policy: options.policy, maxRedirects: 0 },
    );
    status = response.status;
    text = (await response.text()).slice(0, 300);
  } catch (error) {
    throw new AppError('upstream_error', 502, `Deploy webhook error: ${(error as Error).message}`);
  }
  if (status < 200 || status >= 300) {
    throw new AppError('upstream_error', 502, `Deploy webhook error: ${status} - ${text}`);
  }
}
