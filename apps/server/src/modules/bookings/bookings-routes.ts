import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingCreateBody,
  BookingCreated,
  BookingListItem,
  CalendarEvent,
  CreateOrderBody,
  CreateOrderData,
  EventCreateBody,
  EventUpdateBody,
  EventsQuery,
  okEnvelope,
  type Role,
} from '@sukoon/shared';
import { requireAuth } from '../../plugins/authenticate';
import { bookingPurpose } from './booking-confirmation';
import { createBookingFlowService } from './booking-flow-service';
import { createBookingsRepository } from './bookings-repository';
import { createBookingsService } from './bookings-service';

/** How often abandoned holds are expired in the background (placing a hold also expires them first). */
const HOLD_SWEEP_MS = 30_000;

/** Who may call is checked before the body is validated: a signed-out caller gets 401, not 400. */
const signedIn =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    requireAuth(request, ...roles);
  };

const BookingId = z.object({ id: z.uuid('The booking id is not valid') });

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookings = createBookingsService(app.database.db);
  const flow = createBookingFlowService({ db: app.database.db, payments: app.payments });
  app.payments.registerPurpose('booking', bookingPurpose({ publicUrl: app.env.publicUrl }));

  let sweeper: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const repository = createBookingsRepository(app.database.db);
    sweeper = setInterval(() => {
      repository
        .expireHolds(new Date())
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not expire holds'));
    }, HOLD_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  app.post(
    '/api/payments/create-order',
    {
      preValidation: signedIn('patient'),
      schema: {
        tags: ['payments', 'bookings'],
        summary:
          'Hold a slot for 10 minutes and open a payment order for the psychologist’s fee (patients)',
        security: [{ bearer: [] }],
        body: CreateOrderBody,
        response: { 200: okEnvelope(CreateOrderData) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'patient');
      const data = await flow.placeHold(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.delete(
    '/api/bookings/holds/:id',
    {
      preValidation: signedIn('patient'),
      schema: {
        tags: ['bookings'],
        summary: 'Release your own hold (checkout dismissed or failed) so the slot is free again',
        security: [{ bearer: [] }],
        params: BookingId,
        response: {
          200: okEnvelope(z.object({ id: z.uuid(), released: z.literal(true) })),
        },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'patient');
      const data = await flow.releaseHold(actor, request.params.id);
      return { success: true as const, data, error: null };
    },
  );

  app.post(
    '/api/bookings',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['bookings'],
        summary:
          'A psychologist adds an event to their own calendar; a patient gets the booking their verified payment made',
        security: [{ bearer: [] }],
        body: BookingCreateBody,
        response: { 200: okEnvelope(BookingCreated) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await flow.createBooking(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.post(
    '/api/events',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['bookings'],
        summary: 'Add an event to your own calendar (psychologists; patients book by paying)',
        security: [{ bearer: [] }],
        body: EventCreateBody,
        response: { 200: okEnvelope(CalendarEvent) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await flow.createEvent(actor, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.put(
    '/api/events/:id',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['bookings'],
        summary: 'Change an event on your own calendar (psychologists)',
        security: [{ bearer: [] }],
        params: BookingId,
        body: EventUpdateBody,
        response: { 200: okEnvelope(CalendarEvent) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await flow.updateEvent(actor, request.params.id, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.delete(
    '/api/events/:id',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['bookings'],
        summary:
          'Remove an unpaid event you created (paid bookings are cancelled through Cancel Appointment)',
        security: [{ bearer: [] }],
        params: BookingId,
        response: { 200: okEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) })) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await flow.deleteEvent(actor, request.params.id);
      return { success: true as const, data, error: null };
    },
  );

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
