/** A one-time link to a web page. The secret travels in the fragment, so it never reaches a server log or a Referer. */
export const pageLink = (baseUrl: string, page: 'reset-password' | 'verify-email', secret: string): string =>
  `${baseUrl.replace(/\/+$/, '')}/${page}#token=${encodeURIComponent(secret)}`;

/** Who acts from the command line on the server (`npm run hearth -- ...`), as the audit log records it. */
export const CLI_CONTEXT = { actorId: null, actorEmail: 'cli', ip: null, userAgent: 'hearth-cli' } as const;

export const RESET_LINK_TTL_MS = 3_600_000;
export const VERIFY_LINK_TTL_MS = 7 * 24 * 3_600_000;
