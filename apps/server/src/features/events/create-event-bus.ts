import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { type EventBus, InProcessEventBus } from './event-bus';
import { PgEventBus } from './pg-event-bus';

export type ClosableEventBus = EventBus & { close(): Promise<void> };

/**
 * SQLite means one server: events stay in the process. PostgreSQL may mean several replicas: events cross them
 * through LISTEN/NOTIFY on the same database.
 */
export async function createEventBus(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  /** Cross-replica delivery time in seconds (the metrics' event-bus lag); in one process there is none. */
  lag?: (seconds: number) => void,
): Promise<ClosableEventBus> {
  if (config.database.dialect === 'postgres' && db.pgPool) {
    const bus = new PgEventBus(db.pgPool, config.database.url, log, lag);
    await bus.start();
    return bus;
  }
  const bus = new InProcessEventBus();
  return Object.assign(bus, { close: async () => undefined });
}
