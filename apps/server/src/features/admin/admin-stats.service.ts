import type { AdminStats, AdminUsage } from '@hearth/contract';
import type { AuthUser } from '../accounts';
import type { AdminStatsRepository } from './admin-stats.repository';
import { scopeOf } from './admin-user.service';

const DAY_MS = 86_400_000;

/** The admin dashboard's figures: the whole instance for super admins, their organisation for admins. */
export class AdminStatsService {
  constructor(
    private readonly repository: AdminStatsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  stats(actor: AuthUser): Promise<AdminStats> {
    const activeSince = new Date(this.now().getTime() - 7 * DAY_MS).toISOString();
    return this.repository.totals(scopeOf(actor), activeSince);
  }

  /** One entry per UTC day, oldest first, ending today; days without activity are zeros. */
  async usage(actor: AuthUser, days: number): Promise<AdminUsage> {
    const today = Date.UTC(this.now().getUTCFullYear(), this.now().getUTCMonth(), this.now().getUTCDate());
    const first = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    const counts = await this.repository.usage(scopeOf(actor), first);
    return {
      days: Array.from({ length: days }, (_, index) => {
        const date = new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
        return { date, ...(counts.get(date) ?? { messages: 0, uploads: 0 }) };
      }),
    };
  }
}
