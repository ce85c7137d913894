import { isIP } from 'node:net';
import { Agent, fetch, type Response } from 'undici';
import { AppError } from './errors';
import { normalizeHostName } from './host-allowlist';
import {
  checkedLookup,
  type Lookup,
  parseOutboundUrl,
  resolveOutbound,
  type SsrfPolicy,
  systemLookup,
} from './ssrf-guard';

export interface GuardedFetchInit {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is; a string or bytes (never a stream) so that a 307/308 redirect can send it again. */
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

export interface GuardedFetchOptions {
  /** The policy for the URL as given, and for redirects that stay on its origin. */
  policy: SsrfPolicy;
  /**
   * The policy for redirect hops to another origin (defaults to `policy`). Callers that trust the configured
   * origin more than the public internet (model runtimes on loopback) pass a stricter one here.
   */
  redirectPolicy?: SsrfPolicy | (() => Promise<SsrfPolicy>);
  /** Redirects followed (default 5); with 0 a redirect answer is returned as it is. */
  maxRedirects?: number;
  /** How host names resolve (tests give a fake resolver; defaults to the system's). */
  lookup?: Lookup;
}

export class TooManyRedirectsError extends Error {
  constructor(readonly limit: number) {
    super(`Too many redirects (more than ${limit})`);
    this.name = 'TooManyRedirectsError';
  }
}

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Headers that carry the caller's credentials: never sent on to another origin. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * One undici Agent per (resolver, policy): its `connect.lookup` resolves and checks the host every time it opens
 * a connection, and a pooled connection is only ever reused under the policy it was checked with. The cache is
 * small (policies differ only by the admin's allowlist); the oldest agent is closed gracefully when it overflows.
 */
const MAX_AGENTS = 16;
const agents = new WeakMap<Lookup, Map<string, Agent>>();

function agentFor(policy: SsrfPolicy, lookup: Lookup): Agent {
  let byPolicy = agents.get(lookup);
  if (!byPolicy) {
    byPolicy = new Map();
    agents.set(lookup, byPolicy);
  }
  const key = JSON.stringify([policy.allowPrivate, policy.allowedHosts ?? []]);
  let agent = byPolicy.get(key);
  if (!agent) {
    agent = new Agent({ connect: { lookup: checkedLookup(policy, lookup) } });
    byPolicy.set(key, agent);
    if (byPolicy.size > MAX_AGENTS) {
      const [oldestKey, oldest] = byPolicy.entries().next().value as [string, Agent];
      byPolicy.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
  }
  return agent;
}

/**
 * fetch for every guarded outbound call: the host is checked against the policy when the connection is made
 * (DNS rebinding cannot swap the address afterwards), and redirects are followed by hand, each hop checked again
 * under the policy that fits it. Credentials are dropped when a redirect leaves the origin. Returns the final
 * response (the caller reads or cancels its body) and its URL.
 */
export async function guardedFetch(
  raw: string | URL,
  init: GuardedFetchInit,
  options: GuardedFetchOptions,
): Promise<{ response: Response; url: URL }> {
  const lookup = options.lookup ?? systemLookup;
  const start = parseOutboundUrl(raw);
  const limit = options.maxRedirects ?? 5;
  let url = start;
  let { method = 'GET', body } = init;
  let headers = { ...init.headers };
  for (let hop = 0; ; hop += 1) {
    const sameOrigin = url.origin === start.origin;
    const policy = sameOrigin ? options.policy : await redirectPolicy(options);
    if (!sameOrigin) headers = withoutCredentials(headers);
    const dispatcher = await dispatcherFor(url, policy, lookup);
    const response = await fetch(url, {
      method,
      headers,
      body,
      signal: init.signal,
      redirect: 'manual',
      dispatcher,
    }).catch(unwrapRefusal);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || !location || limit === 0) return { response, url };
    await response.body?.cancel().catch(() => undefined);
    if (hop >= limit) throw new TooManyRedirectsError(limit);
    url = parseOutboundUrl(resolveLocation(location, url));
    // As fetch does: 303 turns into GET, and so do 301/302 after a POST; 307/308 repeat the request as it was.
    if (response.status === 303 ? method !== 'HEAD' : response.status <= 302 && method === 'POST') {
      method = 'GET';
      body = undefined;
      headers = withoutBodyHeaders(headers);
    }
  }
}

/**
 * The agent for one hop under `policy`. Node connects to IP literals without calling `lookup`, so those are
 * checked here, before connecting; host names are resolved and checked by the agent when it connects.
 */
export async function dispatcherFor(url: URL, policy: SsrfPolicy, lookup: Lookup): Promise<Agent> {
  if (isIP(normalizeHostName(url.hostname))) await resolveOutbound(url, policy, lookup);
  return agentFor(policy, lookup);
}

/** A refusal at connect time reaches us wrapped ("fetch failed"): it is answered like one found earlier. */
export function unwrapRefusal(error: unknown): never {
  throw error instanceof Error && error.cause instanceof AppError ? error.cause : error;
}

async function redirectPolicy(options: GuardedFetchOptions): Promise<SsrfPolicy> {
  const policy = options.redirectPolicy ?? options.policy;
  return typeof policy === 'function' ? policy() : policy;
}

/** A Location header made absolute; an unusable one is refused like any other bad URL. */
export function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location; // parseOutboundUrl refuses it with a clear message
  }
}

const withoutCredentials = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())));

const withoutBodyHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-/i.test(name)));
