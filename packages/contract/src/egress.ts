import { z } from 'zod';

/** One place the instance is configured to connect to, and what this server saw of it since it started. */
export const EgressDestination = z
  .object({
    /**
     * What uses it: a model runtime, mail, file storage, the database, single sign-on, releases, traces, tool
     * (MCP) servers, web search.
     */
    kind: z.enum(['runtime', 'mail', 'storage', 'database', 'sso', 'releases', 'telemetry', 'tools', 'search']),
    label: z.string(),
    host: z.string(),
    port: z.number().int().nullable(),
    /** On this machine (loopback): nothing leaves it. */
    loopback: z.boolean(),
    connections: z.number().int(),
    last_connection_at: z.string().nullable(),
  })
  .meta({ id: 'EgressDestination' });
export type EgressDestination = z.infer<typeof EgressDestination>;

/** A connection this server opened to a host that no setting names (shown so that nothing leaves unseen). */
export const EgressConnection = z
  .object({
    host: z.string(),
    port: z.number().int(),
    /** The address it went to (the latest, for a name). */
    address: z.string(),
    loopback: z.boolean(),
    connections: z.number().int(),
    last_connection_at: z.string(),
  })
  .meta({ id: 'EgressConnection' });
export type EgressConnection = z.infer<typeof EgressConnection>;

export const EgressReport = z
  .object({
    /** When this server process began recording (connections are counted per replica, since its start). */
    since: z.string(),
    destinations: z.array(EgressDestination),
    /** Connections that left this machine to a host no destination names (user-supplied URLs land here). */
    other: z.array(EgressConnection),
  })
  .meta({ id: 'EgressReport' });
export type EgressReport = z.infer<typeof EgressReport>;
