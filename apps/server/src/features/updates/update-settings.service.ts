import { UpdateSettings, type UpdateSettingsBody } from '@hearth/contract';
import { parseOutboundUrl } from '../../http/ssrf-guard';
import { AppError } from '../../http/errors';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { InstanceSettingsRepository } from '../admin-settings';
import type { AuditContext, AuditService } from '../audit';

const SETTINGS_KEY = 'update_settings';
/** Where the feed check keeps what it found (update-feed.service.ts). */
export const FEED_STATE_KEY = 'update_feed_state';

/** The defaults of user_update_preferences (spec §3); the feed is GitHub's, read only once it is configured. */
const DEFAULTS: UpdateSettings = {
  auto_update_enabled: true,
  update_frequency: 'immediate',
  notify_before_update: true,
  feed_source: 'github',
  feed_url: null,
  deploy_webhook_url: null,
};

/** An optional URL, checked for syntax; the address is checked by the SSRF guard on every call. */
function checkedUrl(raw: string | null | undefined, what: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    return parseOutboundUrl(value).toString();
  } catch (error) {
    throw AppError.badRequest(`The ${what} is not valid: ${(error as Error).message}`);
  }
}

/**
 * Update Settings, instance-wide: read on each use (a primary-key read), so every replica and the feed job
 * follow a change at once.
 */
export class UpdateSettingsService {
  constructor(
    private readonly store: InstanceSettingsRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<UpdateSettings> {
    const stored = UpdateSettings.partial().safeParse(await this.store.getJson(SETTINGS_KEY));
    return stored.success ? { ...DEFAULTS, ...stored.data } : DEFAULTS;
  }

  async save(body: UpdateSettingsBody, context: AuditContext): Promise<UpdateSettings> {
    const previous = await this.get();
    const next: UpdateSettings = { ...previous, ...body };
    next.feed_url = checkedUrl(next.feed_url, 'release feed URL');
    next.deploy_webhook_url = checkedUrl(next.deploy_webhook_url, 'deploy webhook URL');
    if (next.feed_source === 'url' && !next.feed_url) {
      throw AppError.badRequest('Enter the release feed URL, or read the releases from GitHub', { field: 'feed_url' });
    }
    const feedChanged = previous.feed_source !== next.feed_source || previous.feed_url !== next.feed_url;
    await this.uow.run(async (tx) => {
      await this.store.setJson(SETTINGS_KEY, next, tx);
      // What another feed said is no longer known: forget it until the new feed is read.
      if (feedChanged) await this.store.setJson(FEED_STATE_KEY, null, tx);
      await this.audit.record(
        tx,
        {
          userId: context.actorId,
          action: 'UPDATE',
          resourceType: 'update_settings',
          resourceId: 'default',
          details: { ...next },
        },
        context,
      );
    });
    return next;
  }
}
