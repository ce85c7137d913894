import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface RecordedConnection {
  host: string;
  port: number;
  /** The address the connection went to (the last one, for a name). */
  address: string;
  loopback: boolean;
  connections: number;
  lastAt: string;
}

/** A host name or address that stays on this machine. */
const bare = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

export function isLoopbackHost(host: string): boolean {
  const name = bare(host);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(name)) return false;
  const address = ipaddr.process(name);
  return address.range() === 'loopback';
}

const MAX_ENTRIES = 1000;

interface Target {
  host: string;
  port: number;
}

/** The host and port of a `Socket#connect` call, in any of its forms; null for a local (Unix) socket. */
function targetOf(args: unknown[]): Target | null {
  // net.connect() hands its normalised arguments on as one array.
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: unknown; port?: unknown; path?: unknown };
    if (typeof options.path === 'string') return null;
    const port = Number(options.port);
    return Number.isFinite(port) ? { host: typeof options.host === 'string' ? options.host : 'localhost', port } : null;
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const host = Array.isArray(args[0]) ? undefined : args[1];
    return { host: typeof host === 'string' ? host : 'localhost', port: Number(first) };
  }
  return null;
}

/**
 * Every TCP connection this process opens, recorded at the socket level (issue 19, zero egress verified): the
 * one place all clients meet — undici's fetch, node:http (the S3 client), pg, the SMTP and LDAP clients — is
 * `net.Socket#connect` (tls.connect and net.connect both end there), so it is wrapped once per process. A
 * connection is recorded when it is attempted to an address (a failed one still sent packets); name lookups
 * themselves are not recorded. Sockets are per process, so is the record: this replica's, since it started.
 */
class EgressRecorder {
  readonly since = new Date().toISOString();
  private readonly seen = new Map<string, RecordedConnection>();
  private installed = false;

  install(): void {
    if (this.installed) return;
    this.installed = true;
    const record = (target: Target, address: string) => this.attempt(target, address);
    const original = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket;
    const wrapped = function (this: net.Socket, ...args: unknown[]): net.Socket {
      const target = targetOf(args);
      if (target && ipaddr.isValid(bare(target.host))) {
        record(target, bare(target.host));
      } else if (target) {
        // A name is recorded once it resolved: a host the SSRF guard refused at lookup never got a packet sent.
        this.once('lookup', (error: Error | null, address: string) => {
          if (!error) record(target, address);
        });
      }
      return original.apply(this, args);
    };
    net.Socket.prototype.connect = wrapped as typeof net.Socket.prototype.connect;
  }

  private attempt({ host, port }: Target, address: string): void {
    const key = `${host.toLowerCase()}|${port}`;
    if (!this.seen.has(key) && this.seen.size >= MAX_ENTRIES) {
      // Bounded: a scraper visiting many sites must not grow this without end (the oldest entry goes).
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    const entry = this.seen.get(key) ?? {
      host: host.toLowerCase(),
      port,
      address,
      loopback: false,
      connections: 0,
      lastAt: '',
    };
    entry.address = address;
    // A name that resolves to this machine (an /etc/hosts alias) stays on it too.
    entry.loopback = isLoopbackHost(host) || isLoopbackHost(address);
    entry.connections += 1;
    entry.lastAt = new Date().toISOString();
    this.seen.set(key, entry);
  }

  connections(): RecordedConnection[] {
    return [...this.seen.values()].map((entry) => ({ ...entry }));
  }
}

export const egressRecorder = new EgressRecorder();
