import type { NetworkSettings } from '@hearth/contract';
import { AppError } from '../../http/errors';
import { allowlistEntryProblem, normalizeHostName } from '../../http/host-allowlist';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuditContext, AuditService } from '../audit';
import type { NetworkSettingsRepository } from './network-settings.repository';

/**
 * Which intranet hosts user-supplied URLs (web scraping) may reach. Read from the database on each use, so
 * every server instance sees a change at once.
 */
export class NetworkSettingsService {
  constructor(
    private readonly repository: NetworkSettingsRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<NetworkSettings> {
    return { allowed_hosts: await this.repository.allowedHosts() };
  }

  async update(actorId: string, body: NetworkSettings, context: AuditContext): Promise<NetworkSettings> {
    const hosts = [...new Set(body.allowed_hosts.map(normalizeHostName))];
    for (const host of hosts) {
      const problem = allowlistEntryProblem(host);
      if (problem) throw AppError.badRequest(`"${host}" ${problem}.`, { field: 'allowed_hosts', entry: host });
    }
    await this.uow.run(async (tx) => {
      await this.repository.setAllowedHosts(hosts, tx);
      await this.audit.record(
        tx,
        { userId: actorId, action: 'UPDATE', resourceType: 'network_settings', details: { allowed_hosts: hosts } },
        context,
      );
    });
    return { allowed_hosts: hosts };
  }

  /** The guard policy for URLs users supply: public addresses, plus the hosts an admin allowed. */
  async userUrlPolicy(): Promise<SsrfPolicy> {
    return { allowPrivate: false, allowedHosts: await this.repository.allowedHosts() };
  }
}
