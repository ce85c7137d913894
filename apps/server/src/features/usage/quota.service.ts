import {
  type QuotaBody,
  type QuotaLimits,
  type QuotaRule,
  type QuotaScope,
  type QuotaStanding,
  quotaExceededMessage,
} from '@hearth/contract';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AuthUser } from '../accounts';
import type { AuditContext, AuditService } from '../audit';
import type { QuotaRow, UsageRepository } from './usage.repository';
import { dayOf, monthStartOf, nextDayStart, nextMonthStart } from './usage-periods';

type QuotaInput = z.output<typeof QuotaBody>;

const LIMIT_KEYS = ['messages_per_day', 'messages_per_month', 'tokens_per_day', 'tokens_per_month'] as const;

/**
 * Several groups' rules together: for each limit the most generous (no limit beats any number), since a group
 * quota is an allowance its members get.
 */
function mergeGroups(rows: QuotaRow[]): QuotaRow | undefined {
  const [first, ...rest] = rows;
  if (!first) return undefined;
  const merged = { ...first };
  for (const row of rest) {
    for (const key of LIMIT_KEYS) {
      const a = merged[key];
      const b = row[key];
      merged[key] = a === null || b === null ? null : Math.max(a, b);
    }
  }
  return merged;
}

/**
 * Quotas (issue 19): limits on messages or tokens per UTC day or month, set for the instance, an organisation,
 * a group or a user. The most specific rule that reaches a user is the one applied. A request over a limit is
 * refused before anything is stored or any model is called. Admins are limited like everyone else unless an
 * admin exempts their account explicitly (audited, like every change of a rule).
 */
export class QuotaService {
  constructor(
    private readonly repository: UsageRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The rule that applies to a user (undefined: none), and whether they are exempt. */
  private async effective(userId: string): Promise<{ rule: QuotaRow | undefined; exempt: boolean }> {
    const { organizationId, groupIds } = await this.repository.memberships(userId);
    const targets: { scope: QuotaScope; targetId: string }[] = [
      { scope: 'instance', targetId: 'default' },
      { scope: 'user', targetId: userId },
      ...groupIds.map((id) => ({ scope: 'group' as const, targetId: id })),
      ...(organizationId ? [{ scope: 'organization' as const, targetId: organizationId }] : []),
    ];
    const rows = await this.repository.quotasFor(targets);
    const own = rows.find((row) => row.scope === 'user');
    if (own?.exempt) return { rule: undefined, exempt: true };
    // Most specific first: the user's own rule, their groups', their organisation's, the instance default.
    const rule =
      own ??
      mergeGroups(rows.filter((row) => row.scope === 'group')) ??
      rows.find((row) => row.scope === 'organization') ??
      rows.find((row) => row.scope === 'instance');
    return { rule, exempt: false };
  }

  /** The user's limits now: how much of each is used and when it resets. */
  async standing(userId: string): Promise<{ quotas: QuotaStanding[]; exempt: boolean }> {
    const { rule, exempt } = await this.effective(userId);
    if (!rule) return { quotas: [], exempt };
    const now = this.now();
    const today = dayOf(now);
    const byDay = await this.repository.byDay({ kind: 'user', userId }, monthStartOf(now));
    let month = { messages: 0, tokens: 0 };
    let day = { messages: 0, tokens: 0 };
    for (const [date, figures] of byDay) {
      const used = { messages: figures.requests, tokens: figures.prompt_tokens + figures.completion_tokens };
      month = { messages: month.messages + used.messages, tokens: month.tokens + used.tokens };
      if (date === today) day = used;
    }
    const quotas: QuotaStanding[] = [];
    const add = (limit: number | null, measure: 'messages' | 'tokens', period: 'day' | 'month') => {
      if (limit === null) return;
      const used = (period === 'day' ? day : month)[measure];
      const resets_at = period === 'day' ? nextDayStart(now) : nextMonthStart(now);
      quotas.push({ measure, period, limit, used, resets_at, scope: rule.scope });
    };
    add(rule.messages_per_day, 'messages', 'day');
    add(rule.messages_per_month, 'messages', 'month');
    add(rule.tokens_per_day, 'tokens', 'day');
    add(rule.tokens_per_month, 'tokens', 'month');
    return { quotas, exempt };
  }

  /**
   * Refuses (429 quota_exceeded) when `answers` more messages would pass a message limit, or a token limit is
   * already used up. When several are, the one that resets last is named: only then may the user go on.
   */
  async admit(userId: string, answers: number): Promise<void> {
    const { quotas } = await this.standing(userId);
    const over = quotas
      .filter((quota) =>
        quota.measure === 'messages' ? quota.used + answers > quota.limit : quota.used >= quota.limit,
      )
      .sort((a, b) => b.resets_at.localeCompare(a.resets_at));
    const worst = over[0];
    if (!worst) return;
    const retryAfter = Math.max(1, Math.ceil((Date.parse(worst.resets_at) - this.now().getTime()) / 1000));
    throw new AppError('quota_exceeded', 429, quotaExceededMessage(worst.measure, worst.period, worst.resets_at), {
      ...worst,
      retry_after_seconds: retryAfter,
    });
  }

  /** Super admins: every rule; an organisation's admins: the default and their own organisation's rules. */
  async list(actor: AuthUser): Promise<QuotaRule[]> {
    const rows = await this.repository.allQuotas();
    const visible: QuotaRow[] = [];
    for (const row of rows) {
      if (row.scope === 'instance' || (await this.inScope(actor, row.scope, row.target_id))) visible.push(row);
    }
    const names = await this.repository.targetNames(visible);
    return visible.map((row) => ({ ...row, target_name: names.get(`${row.scope}:${row.target_id}`) ?? null }));
  }

  private async inScope(actor: AuthUser, scope: QuotaScope, targetId: string): Promise<boolean> {
    if (scope === 'instance') return actor.role === 'super_admin';
    const organization = await this.repository.targetOrganization(scope, targetId);
    if (organization === undefined) return false;
    return actor.role === 'super_admin' || (organization !== null && organization === actor.organization_id);
  }

  /**
   * The instance default and organisations' rules are the super admin's; an organisation's admin sets the
   * rules of its groups and users. A target outside the caller's scope does not exist for them (404).
   */
  private async authorize(actor: AuthUser, scope: QuotaScope, targetId: string): Promise<void> {
    const superOnly = scope === 'instance' || scope === 'organization';
    if (superOnly && actor.role !== 'super_admin') {
      if (scope === 'organization' && !(await this.inScope(actor, scope, targetId))) throw AppError.notFound('Target');
      throw AppError.forbidden('Only a super admin sets the instance default and organisation quotas.');
    }
    if (scope === 'instance' && targetId !== 'default') throw AppError.notFound('Target');
    if (scope !== 'instance' && (targetId === 'default' || !(await this.inScope(actor, scope, targetId)))) {
      throw AppError.notFound('Target');
    }
  }

  async set(actor: AuthUser, scope: QuotaScope, targetId: string, body: QuotaInput, context: AuditContext) {
    await this.authorize(actor, scope, targetId);
    if (body.exempt && scope !== 'user') throw AppError.badRequest('Only a user can be exempted from quotas.');
    const limits: QuotaLimits = {
      messages_per_day: body.messages_per_day,
      messages_per_month: body.messages_per_month,
      tokens_per_day: body.tokens_per_day,
      tokens_per_month: body.tokens_per_month,
    };
    const row = { scope, target_id: targetId, ...limits, exempt: body.exempt, updated_at: this.now().toISOString() };
    await this.uow.run(async (tx) => {
      await this.repository.saveQuota(tx, { ...row, updated_by: actor.id });
      const event = { userId: actor.id, action: 'UPDATE', resourceType: 'usage_quota' } as const;
      await this.audit.record(
        tx,
        { ...event, resourceId: `${scope}:${targetId}`, details: { ...limits, exempt: body.exempt } },
        context,
      );
    });
    const [rule] = (await this.list(actor)).filter((item) => item.scope === scope && item.target_id === targetId);
    if (!rule) throw AppError.notFound('Quota');
    return rule;
  }

  async remove(actor: AuthUser, scope: QuotaScope, targetId: string, context: AuditContext): Promise<void> {
    await this.authorize(actor, scope, targetId);
    await this.uow.run(async (tx) => {
      if (!(await this.repository.deleteQuota(tx, scope, targetId))) throw AppError.notFound('Quota');
      const event = { userId: actor.id, action: 'DELETE', resourceType: 'usage_quota' } as const;
      await this.audit.record(tx, { ...event, resourceId: `${scope}:${targetId}`, details: {} }, context);
    });
  }
}
