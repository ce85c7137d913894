import type { QuotaRule, QuotaScope, QuotaStanding } from '@hearth/contract';

const numbers = new Intl.NumberFormat();

export const formatCount = (value: number): string => numbers.format(value);

/** A reset moment as the user's local date and time. */
export const formatReset = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const SCOPE_LABELS: Record<QuotaScope, string> = {
  instance: 'Instance default',
  organization: 'Organisation',
  group: 'Group',
  user: 'User',
};

export function standingLabel(quota: QuotaStanding): string {
  const what = quota.measure === 'messages' ? 'Messages' : 'Tokens';
  return `${what} ${quota.period === 'day' ? 'today' : 'this month'}`;
}

/** "100 messages a day, 1,000,000 tokens a month", or that there is no limit. */
export function limitsSummary(rule: QuotaRule): string {
  if (rule.exempt) return 'Exempt from quotas';
  const parts = [
    rule.messages_per_day === null ? null : `${formatCount(rule.messages_per_day)} messages a day`,
    rule.messages_per_month === null ? null : `${formatCount(rule.messages_per_month)} messages a month`,
    rule.tokens_per_day === null ? null : `${formatCount(rule.tokens_per_day)} tokens a day`,
    rule.tokens_per_month === null ? null : `${formatCount(rule.tokens_per_month)} tokens a month`,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'No limits';
}
