import { z } from 'zod';
import { UpdateFrequency } from './privacy';
import { VersionNumber } from './releases';

/** How often the web app asks the server again (spec §9: every 15 minutes), also when the window regains focus. */
export const UPDATE_CHECK_INTERVAL_MS = 15 * 60 * 1000;
/** Later: the card stays collapsed this long for the admin who chose it (kept on the server). */
export const UPDATE_SNOOZE_MS = 24 * 60 * 60 * 1000;

/** How this server was installed, which decides the upgrade commands. */
export const InstallType = z.enum(['compose', 'container', 'git', 'unknown']);
export type InstallType = z.infer<typeof InstallType>;

export const UpgradeInstructions = z.object({
  install_type: InstallType,
  /** Words for the install type ('Docker Compose', ...). */
  label: z.string(),
  /** The commands to run, in order, where Hearth is installed. */
  commands: z.array(z.string()),
  note: z.string(),
});
export type UpgradeInstructions = z.infer<typeof UpgradeInstructions>;

/** A version newer than the running server: admins only (users cannot upgrade a server). */
export const AvailableUpdate = z
  .object({
    version: z.string(),
    release_notes: z.string(),
    is_critical: z.boolean(),
    release_url: z.string().nullable(),
    /** Where Hearth learned of it: the release feed, or a version created in Admin → Updates. */
    source: z.enum(['feed', 'admin']),
    /** Later: collapsed until then (null when not snoozed or the snooze ended). */
    snoozed_until: z.string().nullable(),
    /** X: this admin dismissed this version. */
    dismissed: z.boolean(),
    upgrade: UpgradeInstructions,
    /** A deploy webhook is configured: "Upgrade now" calls it. */
    can_upgrade_now: z.boolean(),
  })
  .meta({ id: 'AvailableUpdate' });
export type AvailableUpdate = z.infer<typeof AvailableUpdate>;

/** "Hearth was updated to X": once per user after the running version changed. */
export const WhatsNew = z.object({
  version: z.string(),
  previous_version: z.string(),
  release_notes: z.string().nullable(),
  release_url: z.string().nullable(),
});
export type WhatsNew = z.infer<typeof WhatsNew>;

/** The last look at the release feed (admins only). */
export const FeedStatus = z.object({
  checked_at: z.string().nullable(),
  error: z.string().nullable(),
  latest_version: z.string().nullable(),
});
export type FeedStatus = z.infer<typeof FeedStatus>;

/** GET /api/updates: what the caller may know about versions. */
export const UpdatesResponse = z
  .object({
    /** The version this server runs (its package version; /health reports the same). */
    server_version: z.string(),
    /** Admins only; always null for other users. */
    available: AvailableUpdate.nullable(),
    /** Admins only; always null for other users. */
    feed: FeedStatus.nullable(),
    whats_new: WhatsNew.nullable(),
  })
  .meta({ id: 'UpdatesResponse' });
export type UpdatesResponse = z.infer<typeof UpdatesResponse>;

/** POST /api/updates/dismiss, /api/updates/whats-new/seen, /api/updates/upgrade: the version meant. */
export const UpdateVersionBody = z.object({ version: VersionNumber });
export type UpdateVersionBody = z.infer<typeof UpdateVersionBody>;

export const SnoozeUpdateResponse = z.object({ snoozed_until: z.string() });
export type SnoozeUpdateResponse = z.infer<typeof SnoozeUpdateResponse>;

/** POST /api/updates/upgrade: the webhook accepted; the server answers with the new version once it runs. */
export const UpgradeRequestResponse = z.object({ requested_version: z.string(), running_version: z.string() });
export type UpgradeRequestResponse = z.infer<typeof UpgradeRequestResponse>;

const OptionalHttpUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]).nullable();

/**
 * Update Settings (instance-wide, super admins): where and how often Hearth looks for releases, whether admins
 * are shown the card, and the deploy webhook "Upgrade now" calls.
 */
export const UpdateSettings = z
  .object({
    /** Off: Hearth never contacts the feed on its own. */
    auto_update_enabled: z.boolean(),
    /** immediate: every 15 minutes; manual: only when an admin clicks Check now. */
    update_frequency: UpdateFrequency,
    /** Show admins the Update Available card when a newer version is known. */
    notify_before_update: z.boolean(),
    feed_source: z.enum(['github', 'url']),
    feed_url: z.string().nullable(),
    deploy_webhook_url: z.string().nullable(),
  })
  .meta({ id: 'UpdateSettings' });
export type UpdateSettings = z.infer<typeof UpdateSettings>;

export const UpdateSettingsBody = UpdateSettings.extend({
  feed_url: OptionalHttpUrl,
  deploy_webhook_url: OptionalHttpUrl,
}).partial();
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;
