import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { personalKey } from './change-feed';

/**
 * How long a person's own answer may be kept at most. Every change to it is announced and drops it
 * at once (plugins/change-feed.ts, migration 0019); this bound only limits how long a missed
 * announcement could matter.
 */
const PERSONAL_CACHE_MS = 60_000;

/** Sends an answer serialized already (by the route's own serializer, now or when it was cached). */
export const sendJson = (reply: FastifyReply, body: string) =>
  reply.type('application/json; charset=utf-8').send(body);

/**
 * A signed-in person's own reads (their booking list, their calendar events) answered from memory
 * (issue 19). An answer is stored under who asked and the exact address, only after the route
 * answered that person successfully, and is found again only by that same person at that address:
 * nobody can be answered from someone else's entry, whatever the address says.
 */
export function personalAnswers(app: FastifyInstance) {
  const { caches } = app;
  return {
    /** The route's `preValidation`: a stored answer is sent before the input is read again. */
    fromCache(
      this: void,
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) {
      const body =
        request.auth && caches.live
          ? caches.people.get(personalKey(request.auth.id, request.url), Date.now())
          : undefined;
      if (body === undefined) done();
      else sendJson(reply, body);
    },

    /**
     * Reads, serializes and sends the answer, and keeps it for its reader. The ticket is taken
     * before the read, so a change that lands meanwhile keeps this answer out of the cache.
     * `changesAt`: when the answer changes without any write (a hold running out), if it does.
     */
    async answer(
      request: FastifyRequest,
      reply: FastifyReply,
      readerId: string,
      read: () => Promise<{ payload: unknown; changesAt?: Date | null }>,
    ) {
      const now = Date.now();
      const ticket = caches.people.ticket(readerId);
      const { payload, changesAt } = await read();
      const body = reply.serialize(payload) as string;
      if (caches.live) {
        const keepUntil = Math.min(now + PERSONAL_CACHE_MS, changesAt?.getTime() ?? Infinity);
        caches.people.set(personalKey(readerId, request.url), body, keepUntil, ticket);
      }
      return sendJson(reply, body);
    },
  };
}
