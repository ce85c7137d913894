import type { QuotaRule } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { limitsSummary, standingLabel } from './format';

const rule = (overrides: Partial<QuotaRule>): QuotaRule => ({
  scope: 'user',
  target_id: 'id',
  target_name: 'someone@example.com',
  messages_per_day: null,
  messages_per_month: null,
  tokens_per_day: null,
  tokens_per_month: null,
  exempt: false,
  updated_at: '2026-11-28T00:00:00.000Z',
  ...overrides,
});

describe('quota wording', () => {
  it('summarises the limits a rule sets, or says there are none', () => {
    expect(limitsSummary(rule({ messages_per_day: 100, tokens_per_month: 5000 }))).toBe(
      `100 messages a day, ${(5000).toLocaleString()} tokens a month`,
    );
    expect(limitsSummary(rule({}))).toBe('No limits');
    expect(limitsSummary(rule({ exempt: true, messages_per_day: 1 }))).toBe('Exempt from quotas');
  });

  it('names a standing by what and when', () => {
    const base = { limit: 1, used: 0, resets_at: '2026-11-29T00:00:00.000Z', scope: 'user' as const };
    expect(standingLabel({ ...base, measure: 'messages', period: 'day' })).toBe('Messages today');
    expect(standingLabel({ ...base, measure: 'tokens', period: 'month' })).toBe('Tokens this month');
  });
});
