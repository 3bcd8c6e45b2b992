import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingListItem, CalendarEvent, EventsQuery, okEnvelope } from '@sukoon/shared';
import { requireAuth } from '../../plugins/authenticate';
import { createBookingsService } from './bookings-service';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookings = createBookingsService(app.database.db);

  app.get(
    '/api/bookings/user/:userId',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Your bookings (as patient or psychologist), with the original client’s field names',
        security: [{ bearer: [] }],
        params: z.object({ userId: z.uuid('The user id is not valid') }),
        response: { 200: okEnvelope(z.array(BookingListItem)) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await bookings.listForUser(actor, request.params.userId);
      return { success: true as const, data, error: null };
    },
  );

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Your calendar events (booked sessions and holds in progress) in a date range',
        security: [{ bearer: [] }],
        querystring: EventsQuery,
        response: { 200: okEnvelope(z.array(CalendarEvent)) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await bookings.events(actor, request.query);
      return { success: true as const, data, error: null };
    },
  );
};
