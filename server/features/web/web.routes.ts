/**
 * Serves the built React app from dist/web with a single-page fallback: any GET outside /api
 * that is not a file answers index.html, so client routes (/search, /deal-alerts…) load directly.
 * Unknown /api paths answer JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { App, AppDeps } from '../../app';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/web');

export async function webRoutes(app: App, deps: AppDeps): Promise<void> {
  const serve = deps.serveWeb && existsSync(path.join(WEB_DIST, 'index.html'));
  if (serve) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must be re-read so a new build is picked up.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !serve) {
      return reply.status(404).send({ error: 'Not Found', message: `No route for ${request.method} ${url}` });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
