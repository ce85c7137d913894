import type { QuotaRule, QuotaScope, QuotaStanding } from '@hearth/contract';
import { formatDate, formatNumber, i18n } from '../../../lib/i18n';

export const formatCount = (value: number): string => formatNumber(value);

/** A reset moment as the user's local date and time. */
export const formatReset = (iso: string): string => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** Scope names: keys into the usage namespace. */
export const SCOPE_LABEL_KEYS = {
  instance: 'scopes.instance',
  organization: 'scopes.organization',
  group: 'scopes.group',
  user: 'scopes.user',
} as const satisfies Record<QuotaScope, string>;

const STANDING_KEYS = {
  messages: { day: 'usage:standing.messagesDay', month: 'usage:standing.messagesMonth' },
  tokens: { day: 'usage:standing.tokensDay', month: 'usage:standing.tokensMonth' },
} as const;

export function standingLabel(quota: QuotaStanding): string {
  return i18n.t(STANDING_KEYS[quota.measure][quota.period]);
}

/** "100 messages a day, 1,000,000 tokens a month", or that there is no limit. */
export function limitsSummary(rule: QuotaRule): string {
  if (rule.exempt) return i18n.t('usage:limits.exempt');
  const part = (value: number | null, key: `usage:limits.${'messages' | 'tokens'}${'Day' | 'Month'}`) =>
    value === null ? null : i18n.t(key, { value: formatCount(value) });
  const parts = [
    part(rule.messages_per_day, 'usage:limits.messagesDay'),
    part(rule.messages_per_month, 'usage:limits.messagesMonth'),
    part(rule.tokens_per_day, 'usage:limits.tokensDay'),
    part(rule.tokens_per_month, 'usage:limits.tokensMonth'),
  ].filter((text): text is string => text !== null);
  return parts.length > 0 ? parts.join(i18n.t('usage:limits.separator')) : i18n.t('usage:limits.none');
}
