import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Serves the built web app and answers unknown non-API GETs with index.html so client-side routes work
 * (the web app shows its own 404 page). Unknown API paths get the JSON 404.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url === '/health' || request.url.startsWith('/v1/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw AppError.notFound('Route');
  });
}
