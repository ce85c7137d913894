import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export interface InboundHostOptions {
  /** PUBLIC_URL: its host is always allowed. */
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS: more names, each with or without a port. */
  allowedHosts: readonly string[];
  /** HOST, the listening address: allowed when it is a name. */
  listenHost: string;
}

/** The host name of a Host header value, lower-cased, without port or IPv6 brackets; null when unreadable. */
export function hostNameOf(header: string): string | null {
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1] ?? null;
  const match = /^([^:]+)(?::\d+)?$/.exec(value);
  return match?.[1]?.replace(/\.$/, '') ?? null;
}

/**
 * Which Host headers this server answers. DNS rebinding makes a browser send a page's own domain name to our
 * address, so a request naming any host is refused unless it is ours: localhost names, PUBLIC_URL's host,
 * ALLOWED_HOSTS and HOST. An IP address as the host cannot come from rebinding (no name was resolved), so any
 * IP literal is accepted: people reach a server on their network by its address.
 */
export function hostAllowed(header: string | undefined, options: InboundHostOptions): boolean {
  if (!header) return false;
  const name = hostNameOf(header);
  if (!name) return false;
  if (isIP(name) || name === 'localhost' || name.endsWith('.localhost')) return true;
  const allowed = new Set(options.allowedHosts);
  if (allowed.has(name) || allowed.has(header.trim().toLowerCase())) return true;
  if (options.publicUrl && new URL(options.publicUrl).hostname.toLowerCase() === name) return true;
  return options.listenHost.toLowerCase() === name;
}

/** Refuses requests with another Host header (421), before routing; /health stays open for probes. */
export function registerInboundHostCheck(app: FastifyInstance, options: InboundHostOptions): void {
  app.addHook('onRequest', async (request) => {
    if (request.url === '/health' || request.url.startsWith('/health?')) return;
    // The raw header: with TRUST_PROXY, Fastify's request.host would read X-Forwarded-Host, which anyone can send.
    const header = request.headers.host;
    if (hostAllowed(header, options)) return;
    throw new AppError(
      'host_not_allowed',
      421,
      `This server does not answer to the host "${hostNameOf(header ?? '') ?? ''}". ` +
        'An administrator can add it to ALLOWED_HOSTS or set PUBLIC_URL.',
    );
  });
}
