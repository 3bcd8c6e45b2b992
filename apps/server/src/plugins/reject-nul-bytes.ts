import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}.${index}`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text, so a string carrying one would fail deep in a query
 * as a 500. Refusing it here, for every route and every part of the request, keeps it a clear 400.
 */
export const rejectNulBytes = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    // The query and the path come from the URL, where a NUL can only arrive percent-encoded.
    const fromUrl = request.url.includes('%00');
    const found =
      findNul(request.body, 'body') ??
      (fromUrl ? (findNul(request.query, 'query') ?? findNul(request.params, 'params')) : null);
    done(
      found
        ? new AppError('VALIDATION_FAILED', `${found}: must not contain a NUL character`)
        : undefined,
    );
  });
});
