import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError, MESSAGES } from './api-error.ts';
import { sendError } from './envelope.ts';

/**
 * Answers unknown paths: API paths, files and non-GETs get the 404 envelope; when the built
 * client is present, every other GET gets index.html so client routes survive a reload.
 */
export async function installClientAndNotFound(
  app: FastifyInstance,
  distDir: string | null,
): Promise<void> {
  const hasClient = distDir !== null && existsSync(join(distDir, 'index.html'));
  if (distDir !== null && !hasClient) {
    app.log.warn(`no built client at ${distDir}: run \`npm run build\` (the API still works)`);
  }
  if (hasClient)
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
    if (!hasClient || isApi || looksLikeFile || request.method !== 'GET') {
      sendError(
        request,
        reply,
        new ApiError('NOT_FOUND', isApi ? MESSAGES.routeNotFound : MESSAGES.notFound),
      );
      return;
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
