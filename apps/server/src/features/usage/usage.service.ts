import type { MyUsage, UsageDay, UsageFigures, UsageReport } from '@hearth/contract';
import type { AuthUser } from '../accounts';
import type { MeteredAnswer, UsageMeter } from '../chat';
import type { QuotaService } from './quota.service';
import type { UsageRepository, UsageScope } from './usage.repository';
import { dayOf } from './usage-periods';

const DAY_MS = 86_400_000;
const TOP = 10;

interface Logger {
  error(details: object, message: string): void;
}

const ZERO: UsageFigures = { requests: 0, prompt_tokens: 0, completion_tokens: 0, estimated_requests: 0 };

/** Super admins see the whole instance, an organisation's admins their own organisation only. */
export const adminScope = (actor: AuthUser): UsageScope =>
  actor.role === 'super_admin' ? { kind: 'all' } : { kind: 'organization', organizationId: actor.organization_id };

function sum(items: UsageFigures[]): UsageFigures {
  return items.reduce(
    (total, item) => ({
      requests: total.requests + item.requests,
      prompt_tokens: total.prompt_tokens + item.prompt_tokens,
      completion_tokens: total.completion_tokens + item.completion_tokens,
      estimated_requests: total.estimated_requests + item.estimated_requests,
    }),
    ZERO,
  );
}

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet (=, +, -, @ lead with '). */
function cell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Usage accounting (issue 19): each answer adds to its (day, user, model) row through the meter runModel is
 * given; the figures are read back per day, user and model, scoped to whoever asks.
 */
export class UsageService {
  constructor(
    private readonly repository: UsageRepository,
    private readonly quotas: QuotaService,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The quota check before an answer (chat's ChatUsage). */
  admit(userId: string, answers: number): Promise<void> {
    return this.quotas.admit(userId, answers);
  }

  meter(userId: string): UsageMeter {
    return {
      record: async (answer: MeteredAnswer) => {
        try {
          await this.repository.add({ day: dayOf(this.now()), userId, ...answer });
        } catch (error) {
          // The answer was given either way: a failed count must not turn it into an error.
          this.log.error({ err: error, userId }, 'usage could not be recorded');
        }
      },
    };
  }

  /** Oldest first, ending today; days without use are zeros. */
  private async days(scope: UsageScope, days: number): Promise<{ since: string; list: UsageDay[] }> {
    const now = this.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    const found = await this.repository.byDay(scope, since);
    const list = Array.from({ length: days }, (_, index) => {
      const date = new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
      return { date, ...(found.get(date) ?? ZERO) };
    });
    return { since, list };
  }

  async mine(userId: string, days: number): Promise<MyUsage> {
    const scope: UsageScope = { kind: 'user', userId };
    const { since, list } = await this.days(scope, days);
    const standing = await this.quotas.standing(userId);
    return {
      days: list,
      models: await this.repository.byModel(scope, since, 50),
      totals: sum(list),
      quotas: standing.quotas,
      exempt: standing.exempt,
    };
  }

  async report(actor: AuthUser, days: number): Promise<UsageReport> {
    const scope = adminScope(actor);
    const { since, list } = await this.days(scope, days);
    return {
      days: list,
      top_users: await this.repository.byUser(scope, since, TOP),
      top_models: await this.repository.byModel(scope, since, TOP),
      totals: sum(list),
    };
  }

  /** Every (day, user, model) row in the caller's scope, as CSV text. */
  async csv(actor: AuthUser, days: number): Promise<string> {
    const since = dayOf(new Date(this.now().getTime() - (days - 1) * DAY_MS));
    const rows = await this.repository.rows(adminScope(actor), since);
    const header = 'day,user_id,email,model,requests,prompt_tokens,completion_tokens,estimated_requests';
    const lines = rows.map((row) =>
      [
        row.day,
        row.user_id,
        row.email,
        row.model,
        row.requests,
        row.prompt_tokens,
        row.completion_tokens,
        row.estimated_requests,
      ]
        .map(cell)
        .join(','),
    );
    return `${[header, ...lines].join('\r\n')}\r\n`;
  }

  exportFileName(): string {
    return `hearth-usage-${dayOf(this.now())}.csv`;
  }
}
