import { nowIso } from '../../lib/crypto';
import type { AppVersionRow } from './app-version.repository';
import type { GithubConnection } from './github-integration.service';
import { outboundJson } from './outbound-json';

/**
 * The optional deployment webhook: POST {version, release_url, repository, timestamp}. The token is never
 * sent there; a non-2xx answer fails the deployment like a GitHub error would.
 */
export async function callDeploymentWebhook(
  connection: GithubConnection,
  version: Pick<AppVersionRow, 'version_number'>,
  releaseUrl: string | null,
  timeoutMs: number,
): Promise<void> {
  const { row, policy, client } = connection;
  if (!row.deployment_webhook_url) return;
  const response = await outboundJson({
    method: 'POST',
    url: row.deployment_webhook_url,
    policy,
    timeoutMs,
    body: {
      version: version.version_number,
      release_url: releaseUrl,
      repository: `${row.owner}/${row.repo}`,
      timestamp: nowIso(),
    },
  }).catch((error: unknown) => {
    throw new Error(client.redact(`Deployment webhook error: ${(error as Error).message}`));
  });
  if (response.status < 200 || response.status >= 300) {
    throw new Error(client.redact(`Deployment webhook error: ${response.status} - ${response.text.slice(0, 500)}`));
  }
}
