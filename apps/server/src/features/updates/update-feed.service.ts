import type { UpdateFrequency, UpdateSettings } from '@hearth/contract';
import { z } from 'zod';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import { defineJob } from '../../jobs/define-job';
import { nowIso } from '../../lib/crypto';
import type { InstanceSettingsRepository } from '../admin-settings';
import { type FeedRelease, fetchFeed, newestRelease } from './release-feed';
import { FEED_STATE_KEY, type UpdateSettingsService } from './update-settings.service';

const MINUTE = 60_000;
/** How often each frequency looks at the feed ('immediate' as often as the spec's update check). */
const PERIOD_MS: Record<Exclude<UpdateFrequency, 'manual'>, number> = {
  immediate: 15 * MINUTE,
  daily: 24 * 60 * MINUTE,
  weekly: 7 * 24 * 60 * MINUTE,
};
export const GITHUB_NOT_CONNECTED =
  'No release feed: connect GitHub in Admin → Updates, or set a release feed URL in Update Settings.';

const FeedReleaseSchema = z.object({
  version: z.string(),
  tag: z.string(),
  notes: z.string(),
  critical: z.boolean(),
  url: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
const FeedStateSchema = z.object({
  checked_at: z.string().nullable(),
  error: z.string().nullable(),
  latest: FeedReleaseSchema.nullable(),
});
export type FeedState = z.infer<typeof FeedStateSchema>;
const EMPTY: FeedState = { checked_at: null, error: null, latest: null };

export interface FeedSources {
  /** The configured repository's releases through the GitHub integration, or null when it is not configured. */
  githubReleases(): Promise<unknown>;
  /** The admin's outbound policy (the intranet allowlist). */
  policy(): Promise<SsrfPolicy>;
  timeoutMs: number;
  /** JOB_SCHEDULE_SCALE: tests shorten the periods with the schedule's. */
  scale: number;
}

/**
 * Learns about new releases from the configured feed, keeping the newest in the instance settings so every
 * replica answers alike. The scheduled check runs on the job queue; it makes no outbound call at all when the
 * settings say off (automatic checks off, or frequency manual).
 */
export class UpdateFeedService {
  constructor(
    private readonly store: InstanceSettingsRepository,
    private readonly settings: UpdateSettingsService,
    private readonly sources: FeedSources,
  ) {}

  async state(): Promise<FeedState> {
    const parsed = FeedStateSchema.safeParse(await this.store.getJson(FEED_STATE_KEY));
    return parsed.success ? parsed.data : EMPTY;
  }

  /** The job's step: checks when the settings ask for it and the last check is a period old. */
  async scheduledCheck(now = Date.now()): Promise<'off' | 'not_due' | 'checked'> {
    const settings = await this.settings.get();
    if (!settings.auto_update_enabled || settings.update_frequency === 'manual') return 'off';
    const { checked_at } = await this.state();
    // A little early still counts: the job's own period starts are not exactly a period apart.
    const period = PERIOD_MS[settings.update_frequency] * this.sources.scale * 0.9;
    if (checked_at && now - Date.parse(checked_at) < period) return 'not_due';
    await this.check(settings);
    return 'checked';
  }

  /** Reads the feed now (the job, or an admin's Check now); a failure is recorded, the last release kept. */
  async check(settings?: UpdateSettings): Promise<FeedState> {
    const current = settings ?? (await this.settings.get());
    const previous = await this.state();
    let next: FeedState;
    try {
      next = { checked_at: nowIso(), error: null, latest: await this.read(current) };
    } catch (error) {
      next = { checked_at: nowIso(), error: (error as Error).message.slice(0, 500), latest: previous.latest };
    }
    await this.store.setJson(FEED_STATE_KEY, next);
    return next;
  }

  private async read(settings: UpdateSettings): Promise<FeedRelease | null> {
    if (settings.feed_source === 'url') {
      if (!settings.feed_url) throw new Error(GITHUB_NOT_CONNECTED);
      return await fetchFeed(settings.feed_url, {
        policy: await this.sources.policy(),
        timeoutMs: this.sources.timeoutMs,
      });
    }
    const body = await this.sources.githubReleases();
    if (body === null) throw new Error(GITHUB_NOT_CONNECTED);
    return newestRelease(body);
  }
}

/** The feed check as a job: every 15 minutes and at start-up, once across replicas; the settings gate it. */
export function updateFeedJob(feed: UpdateFeedService) {
  return defineJob({
    name: 'update-feed-check',
    payload: z.object({}),
    schedule: { everyMs: PERIOD_MS.immediate, atStartup: true },
    retries: 1,
    handler: async () => {
      await feed.scheduledCheck();
    },
  });
}
