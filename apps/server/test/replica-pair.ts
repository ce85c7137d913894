import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb, type Db } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { type FakeS3, startFakeS3 } from './fakes/fake-s3';
import { listRoutes } from './helpers';
import { PG_BIN_DIR } from './postgres-cluster';
import { buildServerBundle, type ReplicaProcess, startReplica } from './replica-process';
import { type HttpClient, httpClient, startTestServer } from './test-server';

/** Why a replica run cannot happen here, or undefined when it can (PostgreSQL's binaries and the postgres project). */
export function replicaSkipReason(testDb: string): string | undefined {
  if (testDb !== 'postgres') return 'runs in the server:postgres project only';
  if (!existsSync(path.join(PG_BIN_DIR, 'initdb'))) return `PostgreSQL binaries not found in ${PG_BIN_DIR}`;
  return undefined;
}

export interface ReplicaPair {
  a: ReplicaProcess & HttpClient;
  b: ReplicaProcess & HttpClient;
  /** The database both replicas use, opened directly (fixtures the API cannot make, checks on its rows). */
  db: Kysely<Database>;
  /** Every route the server answers, read from Fastify's tree of the same source the replicas were built from. */
  routes: string[];
  close(): Promise<void>;
}

/**
 * Two Hearth processes (the production bundle) on one fresh PostgreSQL database and one S3-compatible bucket,
 * sharing one secret. `env` is added to both (the model runtime, feature switches).
 */
export async function startReplicaPair(env: Record<string, string>): Promise<ReplicaPair> {
  buildServerBundle();
  const s3: FakeS3 = await startFakeS3('hearth-replicas');
  const shared = {
    SECRET: `replica-pair-secret-${Math.random().toString(36).slice(2)}-0123456789abcdef`,
    ...s3.env,
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...env,
  };
  // An in-process server makes and migrates the database first (so the replicas start on it without racing to
  // migrate) and lists the routes, which a separate process cannot hand over; it is closed before they start.
  const seed = await startTestServer(shared);
  const routes = listRoutes(seed.app.server);
  const databaseUrl = seed.databaseUrl ?? '';
  await seed.close();
  if (!databaseUrl) {
    await s3.close();
    throw new Error('replicas need PostgreSQL: run them in the server:postgres project');
  }
  const replicaEnv = { ...shared, DATABASE_URL: databaseUrl };
  const [a, b] = await Promise.all([startReplica(replicaEnv), startReplica(replicaEnv)]);
  const db: Db = createDb({ dialect: 'postgres', url: databaseUrl }, 2);
  return {
    a: { ...a, ...httpClient(a.url) },
    b: { ...b, ...httpClient(b.url) },
    db: db.kysely,
    routes,
    async close() {
      await Promise.all([a.stop(), b.stop()]);
      await db.close();
      await s3.close();
    },
  };
}
