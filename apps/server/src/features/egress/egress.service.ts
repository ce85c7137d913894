import type { EgressDestination, EgressReport } from '@hearth/contract';
import { egressRecorder, isLoopbackHost, type RecordedConnection } from '../../http/egress-recorder';

/** A destination a setting names, before the record of connections is joined to it. */
export interface ConfiguredDestination {
  kind: EgressDestination['kind'];
  label: string;
  /** The URL as configured (http(s), postgres, smtp(s), ldap(s)); a bare host name works too. */
  url: string;
}

/** Where each feature's configured destinations come from (wired once, in wiring/services.ts). */
export type DestinationSource = () => Promise<ConfiguredDestination[]>;

const DEFAULT_PORTS: Record<string, number> = {
  'http:': 80,
  'https:': 443,
  'postgres:': 5432,
  'postgresql:': 5432,
  'smtp:': 587,
  'smtps:': 465,
  'ldap:': 389,
  'ldaps:': 636,
  'redis:': 6379,
};

function hostAndPort(url: string): { host: string; port: number | null } | null {
  try {
    const parsed = new URL(url.includes('://') ? url : `https://${url}`);
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (!host) return null;
    return { host, port: parsed.port ? Number(parsed.port) : (DEFAULT_PORTS[parsed.protocol] ?? null) };
  } catch {
    return null;
  }
}

/**
 * Admin → Outbound connections: every destination the instance is configured to use, with the last connection
 * this server made to it, and every other connection that left the machine (issue 19). Read from the
 * socket-level recorder, so a client that bypassed a setting would still show up under "other".
 */
export class EgressService {
  constructor(private readonly sources: DestinationSource[]) {}

  async report(): Promise<EgressReport> {
    const configured = (await Promise.all(this.sources.map((source) => source()))).flat();
    const seen = egressRecorder.connections();
    const matched = new Set<RecordedConnection>();
    const destinations: EgressDestination[] = [];
    const keys = new Set<string>();
    for (const destination of configured) {
      const target = hostAndPort(destination.url);
      if (!target) continue;
      const key = `${destination.kind}|${destination.label}|${target.host}|${target.port ?? ''}`;
      if (keys.has(key)) continue;
      keys.add(key);
      const hits = seen.filter(
        (entry) => entry.host === target.host && (target.port === null || entry.port === target.port),
      );
      for (const hit of hits) matched.add(hit);
      const last =
        hits
          .map((entry) => entry.lastAt)
          .sort()
          .at(-1) ?? null;
      destinations.push({
        kind: destination.kind,
        label: destination.label,
        host: target.host,
        port: target.port,
        loopback: isLoopbackHost(target.host),
        connections: hits.reduce((sum, entry) => sum + entry.connections, 0),
        last_connection_at: last,
      });
    }
    const other = seen
      .filter((entry) => !matched.has(entry) && !entry.loopback)
      .sort((a, b) => b.lastAt.localeCompare(a.lastAt))
      .map((entry) => ({
        host: entry.host,
        port: entry.port,
        address: entry.address,
        loopback: entry.loopback,
        connections: entry.connections,
        last_connection_at: entry.lastAt,
      }));
    return { since: egressRecorder.since, destinations, other };
  }
}
