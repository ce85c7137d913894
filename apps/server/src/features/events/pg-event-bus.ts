import { randomUUID } from 'node:crypto';
import type { ServerEvent } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  type ControlListener,
  type ControlMessage,
  type EventBus,
  type EventListener,
  type EventSubscriber,
  InProcessEventBus,
} from './event-bus';

export const EVENTS_CHANNEL = 'hearth_events';
/** NOTIFY payloads must stay under 8000 bytes; larger messages go in parts, in one transaction, in order. */
const PART_BYTES = 7000;
const RECONNECT_MS = 1000;
/** Parts of a message that never completed (a replica died mid-send) are dropped after this long. */
const PARTIAL_TTL_MS = 30_000;

/** `sent`: when it was published (epoch ms), for the bus-lag metric. */
type Envelope = { origin: string; sent?: number } & (
  { to: { userId: string } | { admins: true }; event: ServerEvent } | { to: { control: true }; event: ControlMessage }
);

interface Part {
  /** Message id, part index, part count, text. */
  m: string;
  i: number;
  n: number;
  t: string;
}

/**
 * Realtime events across replicas: each replica delivers to its own subscribers at once and broadcasts the event
 * with PostgreSQL NOTIFY; every other replica LISTENs on one dedicated connection and delivers it to its own
 * subscribers. Reconnects by itself when the database connection drops.
 */
export class PgEventBus implements EventBus {
  private readonly local = new InProcessEventBus();
  private readonly origin = randomUUID();
  private readonly controlListeners = new Set<ControlListener>();
  private readonly partials = new Map<string, { parts: string[]; seen: number; at: number }>();
  private listener: pg.Client | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    /** Seconds from publish to arrival through NOTIFY (this replica's own messages included). */
    private readonly lag?: (seconds: number) => void,
  ) {}

  /** Connects the listening client; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) this.receive(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.listener = client;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.listener !== client || this.closed) return;
    this.listener = null;
    this.log.warn({ err: error }, 'realtime events: lost the LISTEN connection, reconnecting');
    client.end().catch(() => undefined);
    const retry = () => {
      this.reconnect = null;
      if (this.closed) return;
      this.start().catch((reason: unknown) => {
        this.log.warn({ err: reason }, 'realtime events: reconnect failed');
        this.reconnect = setTimeout(retry, RECONNECT_MS);
      });
    };
    this.reconnect = setTimeout(retry, RECONNECT_MS);
  }

  publish(userId: string, event: ServerEvent): void {
    this.local.publish(userId, event);
    this.broadcast({ origin: this.origin, to: { userId }, event });
  }

  publishToAdmins(event: ServerEvent): void {
    this.local.publishToAdmins(event);
    this.broadcast({ origin: this.origin, to: { admins: true }, event });
  }

  subscribe(subscriber: EventSubscriber, listener: EventListener): () => void {
    return this.local.subscribe(subscriber, listener);
  }

  broadcastControl(message: ControlMessage): void {
    this.broadcast({ origin: this.origin, to: { control: true }, event: message });
  }

  onControl(listener: ControlListener): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  private broadcast(envelope: Envelope): void {
    const text = JSON.stringify({ ...envelope, sent: Date.now() });
    const count = Math.max(1, Math.ceil(text.length / PART_BYTES));
    const id = randomUUID();
    const parts = Array.from({ length: count }, (_, index) =>
      JSON.stringify({ m: id, i: index, n: count, t: text.slice(index * PART_BYTES, (index + 1) * PART_BYTES) }),
    );
    this.send(parts).catch((error: unknown) => this.log.warn({ err: error }, 'realtime events: NOTIFY failed'));
  }

  private async send(parts: string[]): Promise<void> {
    if (parts.length === 1) {
      await this.pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, parts[0]]);
      return;
    }
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      for (const part of parts) await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, part]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private receive(payload: string): void {
    let part: Part;
    try {
      part = JSON.parse(payload) as Part;
    } catch {
      return;
    }
    const text = this.assemble(part);
    if (text === null) return;
    const envelope = JSON.parse(text) as Envelope;
    if (envelope.sent !== undefined) this.lag?.(Math.max(0, Date.now() - envelope.sent) / 1000);
    if (envelope.origin === this.origin) return; // delivered locally already
    if ('control' in envelope.to) {
      for (const listener of this.controlListeners) listener(envelope.event as ControlMessage);
      return;
    }
    const event = envelope.event as ServerEvent;
    if ('userId' in envelope.to) this.local.publish(envelope.to.userId, event);
    else this.local.publishToAdmins(event);
  }

  private assemble(part: Part): string | null {
    if (part.n === 1) return part.t;
    const now = Date.now();
    for (const [id, entry] of this.partials) if (now - entry.at > PARTIAL_TTL_MS) this.partials.delete(id);
    const entry = this.partials.get(part.m) ?? { parts: new Array<string>(part.n).fill(''), seen: 0, at: now };
    this.partials.set(part.m, entry);
    entry.parts[part.i] = part.t;
    entry.seen += 1;
    if (entry.seen < part.n) return null;
    this.partials.delete(part.m);
    return entry.parts.join('');
  }

  get subscriberCount(): number {
    return this.local.subscriberCount;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }
}
