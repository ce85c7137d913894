import { HealthResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlobStore } from '../../storage/blob-store';

/** All the probe needs of the database (app.ts hands it the Db). */
interface DatabaseProbe {
  dialect: 'sqlite' | 'postgres';
  ping(): Promise<void>;
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: DatabaseProbe; blobs: BlobStore; version: string }> = async (
  app,
  { db, blobs, version },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and readiness: database and storage',
        description: 'Answers 200 when everything works and 503 when a part is down; the body says which.',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      // Details go to the log, not to anonymous callers.
      const probe = (work: Promise<void>, failure: string) =>
        work.then(
          () => ({ status: 'ok' as const }),
          (error: unknown) => {
            request.log.error({ err: error }, failure);
            return { status: 'error' as const, detail: failure };
          },
        );
      const [database, storage] = await Promise.all([
        probe(db.ping(), 'Database is not reachable'),
        probe(blobs.check(), 'Storage is not writable'),
      ]);
      const ok = database.status === 'ok' && storage.status === 'ok';
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        version,
        database: { ...database, dialect: db.dialect },
        storage: { ...storage, driver: blobs.driver },
      });
    },
  );
};
