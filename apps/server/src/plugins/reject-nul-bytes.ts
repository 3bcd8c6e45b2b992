import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localizedError, type LocalizedMessage } from '../lib/errors';

/** A UTF-16 surrogate without its partner: no character at all, and jsonb refuses to store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where the first string that PostgreSQL cannot store is (a NUL character, or a lone surrogate when
 * `surrogates` is set), and why, or null. Walked with an explicit stack, not recursion: however deep a
 * value is nested, the walk cannot overflow the call stack.
 */
function findUnstorable(
  value: unknown,
  path: string,
  surrogates: boolean,
): LocalizedMessage | null {
  const pending: [unknown, string][] = [[value, path]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, where] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { key: 'error.field.nul', values: { field: where } };
      if (surrogates && LONE_SURROGATE.test(current)) {
        return { key: 'error.field.brokenCharacter', values: { field: where } };
      }
    } else if (current !== null && typeof current === 'object') {
      // Pushed in reverse so the first one found is the first in reading order.
      const entries = Object.entries(current as Record<string, unknown>);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        pending.push([item, `${where}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text, nor a lone surrogate in jsonb, so a string carrying
 * one would fail deep in a query as a 500 (after a payment provider's order was already opened).
 * Refusing it here, before any handler, for every route and every part of the request, keeps it a
 * clear 400.
 */
export const rejectNulBytes = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    // The query and the path come from the URL, where a NUL can only arrive percent-encoded.
    const fromUrl = request.url.includes('%00');
    // A JSON body can spell a lone surrogate (\ud800); a URL cannot (it decodes to U+FFFD).
    const found =
      findUnstorable(request.body, 'body', true) ??
      (fromUrl
        ? (findUnstorable(request.query, 'query', false) ??
          findUnstorable(request.params, 'params', false))
        : null);
    done(found ? localizedError('VALIDATION_FAILED', found.key, found.values) : undefined);
  });
});
