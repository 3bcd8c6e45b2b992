import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Availability,
  AvailabilityChange,
  AvailabilityQuery,
  SlotChange,
  ToggleDayBody,
  ToggleSegmentBody,
  ToggleSlotBody,
  availabilityPath,
  okEnvelope,
} from '@sukoon/shared';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { createAvailabilityService } from './availability-service';

/**
 * How long a calendar answer may be kept at most. Every change to it is announced and drops it at once
 * (see plugins/change-feed.ts); this bound only limits how long a missed announcement could matter.
 */
const CALENDAR_CACHE_MS = 60_000;

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const availability = createAvailabilityService(app.database.db);
  const security = [{ bearer: [] }];

  const cachedAnswer = (url: string) =>
    app.caches.live ? app.caches.calendars.get(url, Date.now()) : undefined;
  const sendAnswer = (reply: FastifyReply, body: string) =>
    // Already serialized (by this route's own serializer, now or when cached): sent as it is.
    reply.type('application/json; charset=utf-8').send(body);

  app.get(
    '/api/availability',
    {
      // A cached answer is found by its address. An address that is cached passed validation when it
      // was first answered, and would pass again, so a hit is sent before the query is parsed and
      // validated a second time (after the sign-in check, which runs first).
      preValidation: (request, reply, done) => {
        const body = cachedAnswer(request.url);
        if (body === undefined) done();
        else sendAnswer(reply, body);
      },
      schema: {
        tags: ['availability'],
        summary:
          'A psychologist’s day parts, days off, blocked slots and busy intervals for up to 42 days',
        security,
        querystring: AvailabilityQuery,
        response: { 200: okEnvelope(Availability) },
      },
    },
    async (request, reply) => {
      requireAuth(request);
      const { calendars, live } = app.caches;
      const now = Date.now();
      // Taken before the read: a change that lands while it runs keeps its answer out of the cache.
      const ticket = calendars.ticket(request.query.psychologistId);
      const { availability: data, changesAt } = await availability.get(request.query);
      const body = reply.serialize({ success: true as const, data, error: null }) as string;
      // Only the address the app itself asks for is kept: extra or reordered parameters would let a
      // caller fill the cache with copies of one answer and push everyone else's out.
      if (live && request.url === availabilityPath(request.query)) {
        calendars.set(
          request.url,
          body,
          Math.min(now + CALENDAR_CACHE_MS, changesAt ?? Infinity),
          ticket,
        );
      }
      return sendAnswer(reply, body);
    },
  );

  app.patch(
    '/api/availability/toggle-segment',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['availability'],
        summary: 'Mark one day part of one date available or unavailable (your own calendar)',
        security,
        body: ToggleSegmentBody,
        response: { 200: okEnvelope(AvailabilityChange) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await availability.toggleSegment(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.patch(
    '/api/availability/toggle-day',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['availability'],
        summary: 'Mark a whole date not available, or available again (your own calendar)',
        security,
        body: ToggleDayBody,
        response: { 200: okEnvelope(AvailabilityChange) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await availability.toggleDay(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.patch(
    '/api/availability/toggle-slot',
    {
      preValidation: signedIn('psychologist'),
      schema: {
        tags: ['availability'],
        summary: 'Block or unblock one half-hour slot (your own calendar)',
        security,
        body: ToggleSlotBody,
        response: { 200: okEnvelope(SlotChange) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'psychologist');
      const data = await availability.toggleSlot(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );
};
