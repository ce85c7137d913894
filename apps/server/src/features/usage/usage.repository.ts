import type { QuotaScope, UsageFigures } from '@hearth/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { executor } from '../../db/unit-of-work';
import type { Tx } from '../../lib/unit-of-work';

/** Whose usage a query may see: the whole instance (super admins), one organisation (its admins), one user. */
export type UsageScope =
  { kind: 'all' } | { kind: 'organization'; organizationId: string | null } | { kind: 'user'; userId: string };

export interface UsageIncrement {
  day: string;
  userId: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
  /** Tokens only: a chat's background call (title, summary, support check) is no message. */
  background?: boolean;
}

export interface QuotaRow {
  scope: QuotaScope;
  target_id: string;
  messages_per_day: number | null;
  messages_per_month: number | null;
  tokens_per_day: number | null;
  tokens_per_month: number | null;
  exempt: boolean;
  updated_at: string;
}

const num = (value: number | string | null | undefined): number => Number(value ?? 0);
const limitOf = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** Usage figures and quota rules; every read of usage is limited to the caller's scope here, in SQL. */
export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One answer added to its (day, user, model) row: an upsert, so the table grows by rows, not by messages. */
  async add(entry: UsageIncrement): Promise<void> {
    // A background call (a title, a summary, a support check) adds its tokens but is no message.
    const requests = entry.background ? 0 : 1;
    const estimated = entry.estimated && !entry.background ? 1 : 0;
    await this.db
      .insertInto('usage_daily')
      .values({
        day: entry.day,
        user_id: entry.userId,
        model: entry.model,
        requests,
        prompt_tokens: entry.promptTokens,
        completion_tokens: entry.completionTokens,
        estimated_requests: estimated,
      })
      .onConflict((oc) =>
        oc.columns(['day', 'user_id', 'model']).doUpdateSet({
          requests: sql`usage_daily.requests + ${requests}`,
          prompt_tokens: sql`usage_daily.prompt_tokens + ${entry.promptTokens}`,
          completion_tokens: sql`usage_daily.completion_tokens + ${entry.completionTokens}`,
          estimated_requests: sql`usage_daily.estimated_requests + ${estimated}`,
        }),
      )
      .execute();
  }

  private scoped(scope: UsageScope, since: string) {
    let query = this.db.selectFrom('usage_daily').where('usage_daily.day', '>=', since);
    if (scope.kind === 'user') query = query.where('usage_daily.user_id', '=', scope.userId);
    if (scope.kind === 'organization') {
      const members = this.db
        .selectFrom('user_roles')
        .select('user_roles.user_id')
        // An admin without an organisation sees nobody rather than everybody.
        .where('user_roles.organization_id', '=', scope.organizationId ?? '\u0000');
      query = query.where('usage_daily.user_id', 'in', members);
    }
    return query.select((eb) => [
      eb.fn.sum<number | string>('usage_daily.requests').as('requests'),
      eb.fn.sum<number | string>('usage_daily.prompt_tokens').as('prompt_tokens'),
      eb.fn.sum<number | string>('usage_daily.completion_tokens').as('completion_tokens'),
      eb.fn.sum<number | string>('usage_daily.estimated_requests').as('estimated_requests'),
    ]);
  }

  async byDay(scope: UsageScope, since: string): Promise<Map<string, UsageFigures>> {
    const rows = await this.scoped(scope, since).select('usage_daily.day').groupBy('usage_daily.day').execute();
    return new Map(rows.map((row) => [row.day, figures(row)]));
  }

  async byModel(scope: UsageScope, since: string, limit: number) {
    const rows = await this.scoped(scope, since)
      .select('usage_daily.model')
      .groupBy('usage_daily.model')
      .orderBy(sql`sum(usage_daily.prompt_tokens) + sum(usage_daily.completion_tokens)`, 'desc')
      .orderBy('usage_daily.model')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ model: row.model, ...figures(row) }));
  }

  async byUser(scope: UsageScope, since: string, limit: number) {
    const rows = await this.scoped(scope, since)
      .leftJoin('profiles', 'profiles.id', 'usage_daily.user_id')
      .select(['usage_daily.user_id', 'profiles.email', 'profiles.full_name'])
      .groupBy(['usage_daily.user_id', 'profiles.email', 'profiles.full_name'])
      .orderBy(sql`sum(usage_daily.prompt_tokens) + sum(usage_daily.completion_tokens)`, 'desc')
      .orderBy('usage_daily.user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      user_id: row.user_id,
      email: row.email ?? null,
      full_name: row.full_name ?? null,
      ...figures(row),
    }));
  }

  /** Every (day, user, model) row in scope, for the CSV export. */
  async rows(scope: UsageScope, since: string) {
    const rows = await this.scoped(scope, since)
      .leftJoin('profiles', 'profiles.id', 'usage_daily.user_id')
      .select(['usage_daily.day', 'usage_daily.user_id', 'profiles.email', 'usage_daily.model'])
      .groupBy(['usage_daily.day', 'usage_daily.user_id', 'profiles.email', 'usage_daily.model'])
      .orderBy('usage_daily.day')
      .orderBy('profiles.email')
      .orderBy('usage_daily.model')
      .execute();
    return rows.map((row) => ({
      day: row.day,
      user_id: row.user_id,
      email: row.email ?? '',
      model: row.model,
      ...figures(row),
    }));
  }

  /** The user's organisation and groups: which quota rules reach them. */
  async memberships(userId: string): Promise<{ organizationId: string | null; groupIds: string[] }> {
    const role = await this.db
      .selectFrom('user_roles')
      .select('organization_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const groups = await this.db
      .selectFrom('user_group_members')
      .select('group_id')
      .where('user_id', '=', userId)
      .execute();
    return { organizationId: role?.organization_id ?? null, groupIds: groups.map((row) => row.group_id) };
  }

  async quotasFor(targets: { scope: QuotaScope; targetId: string }[]): Promise<QuotaRow[]> {
    if (targets.length === 0) return [];
    const rows = await this.db
      .selectFrom('usage_quotas')
      .selectAll()
      .where((eb) =>
        eb.or(targets.map((target) => eb.and([eb('scope', '=', target.scope), eb('target_id', '=', target.targetId)]))),
      )
      .execute();
    return rows.map(quotaRow);
  }

  /** Every rule; the service narrows the list to what the caller may see. */
  async allQuotas(): Promise<QuotaRow[]> {
    const rows = await this.db.selectFrom('usage_quotas').selectAll().orderBy('scope').orderBy('target_id').execute();
    return rows.map(quotaRow);
  }

  async saveQuota(tx: Tx, row: QuotaRow & { updated_by: string }): Promise<void> {
    const values = {
      messages_per_day: row.messages_per_day,
      messages_per_month: row.messages_per_month,
      tokens_per_day: row.tokens_per_day,
      tokens_per_month: row.tokens_per_month,
      exempt: row.exempt ? 1 : 0,
      updated_by: row.updated_by,
      updated_at: row.updated_at,
    };
    await executor(tx)
      .insertInto('usage_quotas')
      .values({ scope: row.scope, target_id: row.target_id, ...values })
      .onConflict((oc) => oc.columns(['scope', 'target_id']).doUpdateSet(values))
      .execute();
  }

  async deleteQuota(tx: Tx, scope: QuotaScope, targetId: string): Promise<boolean> {
    const result = await executor(tx)
      .deleteFrom('usage_quotas')
      .where('scope', '=', scope)
      .where('target_id', '=', targetId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The organisation a quota target belongs to (itself for an organisation); undefined when there is none. */
  async targetOrganization(scope: 'organization' | 'group' | 'user', id: string): Promise<string | null | undefined> {
    if (scope === 'organization') {
      const row = await this.db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst();
      return row?.id;
    }
    if (scope === 'group') {
      const row = await this.db
        .selectFrom('user_groups')
        .select('organization_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.organization_id;
    }
    const row = await this.db
      .selectFrom('profiles')
      .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
      .select('user_roles.organization_id')
      .where('profiles.id', '=', id)
      .executeTakeFirst();
    return row ? row.organization_id : undefined;
  }

  /** Display names of quota targets: organisation and group names, users' e-mails. */
  async targetNames(rows: QuotaRow[]): Promise<Map<string, string>> {
    const ids = (scope: QuotaScope) => rows.filter((row) => row.scope === scope).map((row) => row.target_id);
    const names = new Map<string, string>();
    const [orgs, groups, users] = [ids('organization'), ids('group'), ids('user')];
    if (orgs.length > 0) {
      const found = await this.db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', orgs).execute();
      for (const row of found) names.set(`organization:${row.id}`, row.name);
    }
    if (groups.length > 0) {
      const found = await this.db.selectFrom('user_groups').select(['id', 'name']).where('id', 'in', groups).execute();
      for (const row of found) names.set(`group:${row.id}`, row.name);
    }
    if (users.length > 0) {
      const found = await this.db.selectFrom('profiles').select(['id', 'email']).where('id', 'in', users).execute();
      for (const row of found) names.set(`user:${row.id}`, row.email);
    }
    return names;
  }
}

function figures(row: {
  requests: number | string;
  prompt_tokens: number | string;
  completion_tokens: number | string;
  estimated_requests: number | string;
}): UsageFigures {
  return {
    requests: num(row.requests),
    prompt_tokens: num(row.prompt_tokens),
    completion_tokens: num(row.completion_tokens),
    estimated_requests: num(row.estimated_requests),
  };
}

function quotaRow(row: Database['usage_quotas']): QuotaRow {
  return {
    scope: row.scope,
    target_id: row.target_id,
    messages_per_day: limitOf(row.messages_per_day),
    messages_per_month: limitOf(row.messages_per_month),
    tokens_per_day: limitOf(row.tokens_per_day),
    tokens_per_month: limitOf(row.tokens_per_month),
    exempt: Number(row.exempt) === 1,
    updated_at: row.updated_at,
  };
}
