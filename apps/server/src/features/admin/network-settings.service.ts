import type { NetworkSettings } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { allowlistEntryProblem, normalizeHostName } from '../../http/host-allowlist';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import type { NetworkSettingsRepository } from './network-settings.repository';

/**
 * Which intranet hosts user-supplied URLs (web scraping) may reach. Read from the database on each use, so
 * every server instance sees a change at once.
 */
export class NetworkSettingsService {
  constructor(private readonly repository: NetworkSettingsRepository) {}

  async get(): Promise<NetworkSettings> {
    return { allowed_hosts: await this.repository.allowedHosts() };
  }

  async update(body: NetworkSettings): Promise<NetworkSettings> {
    const hosts = [...new Set(body.allowed_hosts.map(normalizeHostName))];
    for (const host of hosts) {
      const problem = allowlistEntryProblem(host);
      if (problem) throw AppError.badRequest(`"${host}" ${problem}.`, { field: 'allowed_hosts', entry: host });
    }
    await this.repository.setAllowedHosts(hosts);
    return { allowed_hosts: hosts };
  }

  /** The guard policy for URLs users supply: public addresses, plus the hosts an admin allowed. */
  async userUrlPolicy(): Promise<SsrfPolicy> {
    return { allowPrivate: false, allowedHosts: await this.repository.allowedHosts() };
  }
}
