import {
  type AvailableUpdate,
  compareVersions,
  isAdminRole,
  type Role,
  type SnoozeUpdateResponse,
  UPDATE_SNOOZE_MS,
  type UpdatesResponse,
  type UpgradeRequestResponse,
  type WhatsNew,
} from '@hearth/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import type { SsrfPolicy } from '../../http/ssrf-guard';
import { nowIso } from '../../lib/crypto';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { InstanceSettingsRepository } from '../admin-settings';
import type { AuditContext, AuditService } from '../audit';
import { type Install, upgradeInstructions } from './install-type';
import { callDeployWebhook } from './deploy-webhook';
import type { FeedState, UpdateFeedService } from './update-feed.service';
import type { LiveVersionRow, NoticeState, UpdateNoticeRepository } from './update-notice.repository';
import type { UpdateSettingsService } from './update-settings.service';

const RUNNING_KEY = 'update_running_version';
const RunningRecord = z.object({ version: z.string(), previous: z.string().nullable(), changed_at: z.string() });
type RunningRecord = z.infer<typeof RunningRecord>;

interface Candidate {
  version: string;
  tag: string;
  notes: string;
  critical: boolean;
  url: string | null;
  source: 'feed' | 'admin';
}

const same = (a: string | null | undefined, b: string) => Boolean(a) && compareVersions(a ?? '', b) === 0;

/** The newest known version from the feed and Admin → Updates (ties go to the feed, which has a tag and a link). */
function newest(feed: FeedState, live: LiveVersionRow[]): Candidate | null {
  const candidates: Candidate[] = live.map((row) => ({
    version: row.version_number,
    tag: `v${row.version_number}`,
    notes: row.release_notes,
    critical: row.is_critical === 1,
    url: null,
    source: 'admin',
  }));
  if (feed.latest) {
    const { version, tag, notes, critical, url } = feed.latest;
    candidates.unshift({ version, tag, notes, critical, url, source: 'feed' });
  }
  let best: Candidate | null = null;
  for (const candidate of candidates) {
    if (!best || compareVersions(candidate.version, best.version) > 0) best = candidate;
  }
  return best;
}

export interface NoticeDeps {
  serverVersion: string;
  install: Install;
  policy(): Promise<SsrfPolicy>;
  timeoutMs: number;
}

/**
 * What each signed-in user is told about versions. Admins: a version newer than the one this server runs, how
 * to upgrade this install, and (with a deploy webhook) Upgrade now. Everyone: a one-time "Hearth was updated"
 * after the running version changed. Nothing here claims an install: the version is the server's own.
 */
export class UpdateNoticeService {
  private running: Promise<RunningRecord> | undefined;

  constructor(
    private readonly notices: UpdateNoticeRepository,
    private readonly store: InstanceSettingsRepository,
    private readonly settings: UpdateSettingsService,
    private readonly feed: UpdateFeedService,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
    private readonly deps: NoticeDeps,
  ) {}

  async overview(user: { id: string; role: Role }): Promise<UpdatesResponse> {
    const admin = isAdminRole(user.role);
    const [state, running, feed] = await Promise.all([
      this.notices.state(user.id),
      this.runningRecord(),
      this.feed.state(),
    ]);
    const whatsNew = await this.whatsNew(running, state, feed);
    if (!admin) return { server_version: this.deps.serverVersion, available: null, feed: null, whats_new: whatsNew };
    const candidate = newest(feed, await this.notices.liveVersions());
    return {
      server_version: this.deps.serverVersion,
      available: candidate ? await this.available(candidate, state) : null,
      feed: { checked_at: feed.checked_at, error: feed.error, latest_version: feed.latest?.version ?? null },
      whats_new: whatsNew,
    };
  }

  /** Later: collapsed for UPDATE_SNOOZE_MS, on every device of this admin. */
  async snooze(userId: string): Promise<SnoozeUpdateResponse> {
    const snoozed_until = new Date(Date.now() + UPDATE_SNOOZE_MS).toISOString();
    await this.notices.save(userId, { snoozed_until });
    return { snoozed_until };
  }

  /** X: this version stays collapsed for this admin; a newer one shows again. */
  async dismiss(userId: string, version: string): Promise<void> {
    await this.notices.save(userId, { dismissed_version: version });
  }

  /** The "Hearth was updated" notice was seen: shown once per version. */
  async seen(userId: string, version: string): Promise<void> {
    await this.notices.save(userId, { seen_version: version });
  }

  /** Admin → Check now: reads the feed at once, whatever the frequency. */
  async checkNow(user: { id: string; role: Role }): Promise<UpdatesResponse> {
    await this.feed.check();
    return this.overview(user);
  }

  /**
   * Upgrade now: calls the deploy webhook with the version asked for. The answer says only that the request
   * was accepted; the browser then watches /health until the new server reports that version.
   */
  async upgrade(version: string, context: AuditContext): Promise<UpgradeRequestResponse> {
    const settings = await this.settings.get();
    if (!settings.deploy_webhook_url) throw AppError.conflict('No deploy webhook is configured.');
    const candidate = newest(await this.feed.state(), await this.notices.liveVersions());
    if (!candidate || !same(candidate.version, version) || compareVersions(version, this.deps.serverVersion) <= 0) {
      throw AppError.conflict(`Version ${version} is not a newer version this server knows of.`);
    }
    await this.uow.run((tx) =>
      this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'UPDATE',
          resourceType: 'hearth_upgrade',
          resourceId: version,
          details: { from: this.deps.serverVersion, to: version, install_type: this.deps.install.type },
        },
        context,
      ),
    );
    await callDeployWebhook(settings.deploy_webhook_url, {
      policy: await this.deps.policy(),
      timeoutMs: this.deps.timeoutMs,
      body: { version, tag: candidate.tag, from_version: this.deps.serverVersion, timestamp: nowIso() },
    });
    return { requested_version: version, running_version: this.deps.serverVersion };
  }

  private async available(candidate: Candidate, state: NoticeState | undefined): Promise<AvailableUpdate | null> {
    if (compareVersions(candidate.version, this.deps.serverVersion) <= 0) return null;
    const settings = await this.settings.get();
    if (!settings.notify_before_update) return null;
    const snoozed = state?.snoozed_until && state.snoozed_until > nowIso() ? state.snoozed_until : null;
    return {
      version: candidate.version,
      release_notes: candidate.notes,
      is_critical: candidate.critical,
      release_url: candidate.url,
      source: candidate.source,
      snoozed_until: snoozed,
      dismissed: same(state?.dismissed_version, candidate.version),
      upgrade: upgradeInstructions(this.deps.install, candidate.tag),
      can_upgrade_now: Boolean(settings.deploy_webhook_url),
    };
  }

  private async whatsNew(
    running: RunningRecord,
    state: NoticeState | undefined,
    feed: FeedState,
  ): Promise<WhatsNew | null> {
    if (!running.previous || same(state?.seen_version, running.version)) return null;
    const fromFeed = feed.latest && same(feed.latest.version, running.version) ? feed.latest : null;
    const fromAdmin = fromFeed
      ? undefined
      : (await this.notices.liveVersions()).find((row) => same(row.version_number, running.version));
    return {
      version: running.version,
      previous_version: running.previous,
      release_notes: fromFeed?.notes ?? fromAdmin?.release_notes ?? null,
      release_url: fromFeed?.url ?? null,
    };
  }

  /**
   * The version this server runs, and the one the instance ran before it: recorded by the first request after
   * a start with a different version (once per process; replicas of one version write the same thing).
   */
  private runningRecord(): Promise<RunningRecord> {
    this.running ??= (async () => {
      const stored = RunningRecord.safeParse(await this.store.getJson(RUNNING_KEY));
      const version = this.deps.serverVersion;
      if (stored.success && stored.data.version === version) return stored.data;
      const record = { version, previous: stored.success ? stored.data.version : null, changed_at: nowIso() };
      await this.store.setJson(RUNNING_KEY, record);
      return record;
    })().catch((error: unknown) => {
      this.running = undefined;
      throw error;
    });
    return this.running;
  }
}
