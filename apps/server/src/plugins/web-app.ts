import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { errorEnvelope } from './error-handler';

/** Built files whose names carry a hash of their content (Vite's `assets/`): they never change. */
const HASHED_ASSET = /^\/assets\//;

/**
 * Everything that is not an API route: the built single-page app from `/` (when it has been built), with
 * index.html for other GET paths so reloads keep working, and a JSON 404 envelope for the rest.
 * The build writes a Brotli and a gzip copy beside each file (apps/web/scripts/compress.mjs): they are
 * sent to browsers that accept them, a third of the bytes on a phone's first visit. Hashed assets are
 * cached for a year; the HTML is revalidated on every visit, so a new release is picked up at once.
 */
export const webApp = fp(async (app: FastifyInstance, options: { root: string }) => {
  const root = path.resolve(options.root);
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      // Cache-Control is set below per file.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
        reply.header(
          'cache-control',
          HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`No built web app at ${root}: run "npm run build" to serve it.`);
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/dev/');
    if (built && request.method === 'GET' && !isApi) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorEnvelope('NOT_FOUND', `No route for ${request.method} ${pathname}.`));
  });
});
