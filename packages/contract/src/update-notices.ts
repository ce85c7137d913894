import { z } from 'zod';
import { AppVersion, UpdateNotification, VersionNumber } from './releases';

/** The update check interval (spec §9: every 15 minutes), also checked when the window regains focus. */
export const UPDATE_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/** The latest live version as every signed-in user may see it (no GitHub or authoring details). */
export const LiveVersion = AppVersion.pick({
  id: true,
  version: true,
  release_notes: true,
  is_critical: true,
  deployed_at: true,
}).meta({ id: 'LiveVersion' });
export type LiveVersion = z.infer<typeof LiveVersion>;

/** GET /api/updates: the newest live version and the caller's own notifications that are not dismissed. */
export const UpdatesResponse = z
  .object({
    latest: LiveVersion.nullable(),
    /** The version the caller last finished updating to (user_update_preferences.last_updated_version). */
    last_updated_version: z.string().nullable(),
    /** Newest first; dismissed ones are left out. */
    notifications: z.array(UpdateNotification),
    /** True when the caller had notifications for the latest version and dismissed all of them. */
    latest_dismissed: z.boolean(),
    /** The build version of the server answering. */
    server_version: z.string(),
  })
  .meta({ id: 'UpdatesResponse' });
export type UpdatesResponse = z.infer<typeof UpdatesResponse>;

/** POST /api/updates/finalize: the version the browser was updating to before it reloaded. */
export const FinalizeUpdateBody = z.object({ version: VersionNumber });
export type FinalizeUpdateBody = z.infer<typeof FinalizeUpdateBody>;

export const FinalizeUpdateResponse = z.object({
  last_updated_version: z.string(),
  /** How many of the caller's notifications for that version were dismissed now. */
  dismissed: z.number().int().nonnegative(),
});
export type FinalizeUpdateResponse = z.infer<typeof FinalizeUpdateResponse>;

/** POST /api/updates/dismiss-all. */
export const DismissUpdatesResponse = z.object({ dismissed: z.number().int().nonnegative() });
export type DismissUpdatesResponse = z.infer<typeof DismissUpdatesResponse>;
