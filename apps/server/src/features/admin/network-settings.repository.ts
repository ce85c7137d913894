import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Tx } from '../../lib/unit-of-work';
import { InstanceSettingsRepository } from '../admin-settings';

const KEY = 'network.allowed_hosts';

/** The intranet allowlist: one instance setting holding a JSON array of host entries. */
export class NetworkSettingsRepository {
  private readonly settings: InstanceSettingsRepository;

  constructor(db: Kysely<Database>) {
    this.settings = new InstanceSettingsRepository(db);
  }

  async allowedHosts(): Promise<string[]> {
    const value = await this.settings.getJson(KEY);
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  }

  setAllowedHosts(hosts: string[], tx?: Tx): Promise<void> {
    return this.settings.setJson(KEY, hosts, tx);
  }
}
