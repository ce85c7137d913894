import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../http/errors';
import { canonicalAddress } from '../../http/ip-address';
import type { Metrics } from './metrics';

/** Who may scrape /metrics (METRICS_TOKEN, METRICS_ALLOW). Neither set: /metrics does not exist (404). */
export interface MetricsAccess {
  token?: string;
  /** Addresses or CIDR ranges, e.g. 10.0.0.0/8 or ::1. */
  allow: string[];
}

/**
 * Counts and times every HTTP answer at one hook. The label is the route's pattern (`/api/conversations/:id`),
 * never the raw URL: ids would make a series per conversation. Requests no route matched share one label.
 */
export function registerHttpMetrics(server: FastifyInstance, metrics: Metrics): void {
  server.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics in Prometheus's text format. Every configured check must pass: the caller's address (as
 * TRUST_PROXY lets Fastify read it) in METRICS_ALLOW, and `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function registerMetricsRoute(server: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  if (!access.token && access.allow.length === 0) return;
  metrics.collectProcessMetrics();
  const ranges = access.allow.map(parseRange);
  const expected = access.token ? digest(access.token) : null;
  server.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics',
        description:
          'Text exposition format. Needs METRICS_TOKEN as a bearer token and/or an address in METRICS_ALLOW.',
      },
    },
    async (request, reply) => {
      if (ranges.length > 0 && !inRanges(request.ip, ranges)) {
        throw AppError.forbidden('This address may not read the metrics.');
      }
      if (expected) {
        const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (!presented || !timingSafeEqual(digest(presented), expected)) {
          throw AppError.unauthorized('A valid metrics token is required.');
        }
      }
      const body = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
    },
  );
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Same-length digests, so the comparison takes the same time whatever was presented. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function parseRange(entry: string): Range {
  if (entry.includes('/')) return ipaddr.parseCIDR(entry);
  const address = ipaddr.parse(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** IPv4 callers arriving as ::ffff:a.b.c.d are matched as IPv4 (canonicalAddress), so 127.0.0.1/32 works. */
function inRanges(ip: string, ranges: Range[]): boolean {
  const canonical = canonicalAddress(ip);
  if (!canonical) return false;
  const address = ipaddr.parse(canonical.ip);
  return ranges.some(([network, prefix]) => network.kind() === address.kind() && address.match(network, prefix));
}
