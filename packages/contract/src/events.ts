import { z } from 'zod';

/**
 * GET /api/events: one server-sent-events stream per signed-in user. Each event is written as
 * `event: <type>` and `data: <the JSON object, including type>`; a comment line `: heartbeat` comes every 15 s.
 * Features add their own event shapes (e.g. ModelDownloadEvent in models.ts).
 */
export const ServerEvent = z.looseObject({ type: z.string() });
export type ServerEvent = z.infer<typeof ServerEvent>;

export const EVENTS_HEARTBEAT_MS = 15_000;

/** Sent to a user whose sessions just ended (banned or deleted); the server then closes their streams. */
export const SESSION_REVOKED_EVENT = 'session.revoked';
