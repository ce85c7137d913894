import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Serves the built web app and answers unknown non-API GETs with index.html so client-side routes work
 * (the web app shows its own 404 page). Unknown API paths get the JSON 404.
 *
 * Files go out as the build compressed them (scripts/compress-web.mjs writes .br and .gz beside each one):
 * brotli or gzip as the browser's Accept-Encoding allows, with `Vary: Accept-Encoding`. Hashed files under
 * /assets never change under their name, so browsers keep them for a year; index.html is checked every time.
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = path.relative(distDir, filePath).startsWith(`assets${path.sep}`);
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url.startsWith('/api') ||
      request.url === '/health' ||
      request.url.startsWith('/metrics') ||
      request.url.startsWith('/v1/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw AppError.notFound('Route');
  });
}
