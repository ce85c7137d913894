import { z } from 'zod';

/**
 * Usage accounting and quotas (issue 19). Every answer a user asks for (web chat, compare, temporary chat,
 * `/v1`) is counted per UTC day, user and model: requests and tokens, from the runtime's own counts where it
 * reports them, otherwise estimated (and said to be). Quotas limit messages or tokens per UTC day or month; a
 * request over one is refused before the model is called (429 `quota_exceeded`, with the reset time).
 */

export const USAGE_DAYS_MAX = 366;
export const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(USAGE_DAYS_MAX).default(30) });
export type UsageQuery = z.input<typeof UsageQuery>;

const count = z.number().int().nonnegative();

/** Requests and tokens of one slice (a day, a user, a model). */
export const UsageFigures = z.object({
  requests: count,
  prompt_tokens: count,
  completion_tokens: count,
  /** Requests whose token counts were estimated (the runtime reported none). */
  estimated_requests: count,
});
export type UsageFigures = z.infer<typeof UsageFigures>;

export const UsageDay = UsageFigures.extend({ date: z.string() });
export type UsageDay = z.infer<typeof UsageDay>;

export const UsageByModel = UsageFigures.extend({ model: z.string() });
export type UsageByModel = z.infer<typeof UsageByModel>;

export const UsageByUser = UsageFigures.extend({
  user_id: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
});
export type UsageByUser = z.infer<typeof UsageByUser>;

export const QuotaPeriod = z.enum(['day', 'month']);
export type QuotaPeriod = z.infer<typeof QuotaPeriod>;
export const QuotaMeasure = z.enum(['messages', 'tokens']);
export type QuotaMeasure = z.infer<typeof QuotaMeasure>;
export const QuotaScope = z.enum(['instance', 'organization', 'group', 'user']);
export type QuotaScope = z.infer<typeof QuotaScope>;

/** One limit as it stands for a user now. */
export const QuotaStanding = z.object({
  measure: QuotaMeasure,
  period: QuotaPeriod,
  limit: count,
  used: count,
  /** When this period ends and the count starts again (ISO, UTC). */
  resets_at: z.string(),
  /** Where the limit comes from. */
  scope: QuotaScope,
});
export type QuotaStanding = z.infer<typeof QuotaStanding>;

/** GET /api/usage/me: the caller's own usage and limits. */
export const MyUsage = z
  .object({
    days: z.array(UsageDay),
    models: z.array(UsageByModel),
    totals: UsageFigures,
    quotas: z.array(QuotaStanding),
    /** An admin exempted this account from quotas. */
    exempt: z.boolean(),
  })
  .meta({ id: 'MyUsage' });
export type MyUsage = z.infer<typeof MyUsage>;

/** GET /api/admin/usage/report: the admin dashboard (an organisation admin sees only their organisation). */
export const UsageReport = z
  .object({
    days: z.array(UsageDay),
    top_users: z.array(UsageByUser),
    top_models: z.array(UsageByModel),
    totals: UsageFigures,
  })
  .meta({ id: 'UsageReport' });
export type UsageReport = z.infer<typeof UsageReport>;

/** The largest limit one can set (a safe integer in both databases). */
export const QUOTA_LIMIT_MAX = 1_000_000_000_000;
const limit = z.number().int().min(0).max(QUOTA_LIMIT_MAX).nullable();

/** A quota rule's limits; null: no limit of that kind. */
export const QuotaLimits = z.object({
  messages_per_day: limit,
  messages_per_month: limit,
  tokens_per_day: limit,
  tokens_per_month: limit,
});
export type QuotaLimits = z.infer<typeof QuotaLimits>;

/** PUT /api/admin/quotas/:scope/:target_id. `exempt` only for users: no quota applies to them at all. */
export const QuotaBody = QuotaLimits.extend({ exempt: z.boolean().default(false) });
export type QuotaBody = z.input<typeof QuotaBody>;

export const QuotaParams = z.object({
  scope: QuotaScope,
  /** The organisation's, group's or user's id; `default` for the instance. */
  target_id: z.union([z.uuid(), z.literal('default')]),
});
export type QuotaParams = z.infer<typeof QuotaParams>;

export const QuotaRule = QuotaLimits.extend({
  scope: QuotaScope,
  target_id: z.string(),
  /** The organisation's or group's name, the user's e-mail; null for the instance. */
  target_name: z.string().nullable(),
  exempt: z.boolean(),
  updated_at: z.string(),
}).meta({ id: 'QuotaRule' });
export type QuotaRule = z.infer<typeof QuotaRule>;

export const QuotaRuleList = z.object({ rules: z.array(QuotaRule) });
export type QuotaRuleList = z.infer<typeof QuotaRuleList>;

/** The message of a refusal: which limit, and when it resets. */
export const quotaExceededMessage = (measure: QuotaMeasure, period: QuotaPeriod, resetsAt: string): string =>
  `You have reached your ${period === 'day' ? 'daily' : 'monthly'} ${measure === 'messages' ? 'message' : 'token'} ` +
  `limit. It resets at ${resetsAt.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC')}.`;
