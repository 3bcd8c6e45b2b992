import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingCreateBody,
  BookingCreated,
  BookingListItem,
  CalendarEvent,
  CancelBookingData,
  CreateOrderBody,
  CreateOrderData,
  HOLD_LIMITS,
  EventCreateBody,
  EventUpdateBody,
  EventsQuery,
  EmailedMoveDecisionBody,
  MoveDecisionBody,
  MoveDecisionResult,
  MoveOfferPreview,
  MoveTokenParams,
  okEnvelope,
  RescheduleBody,
  RescheduleData,
  PageQuery,
  pagedEnvelope,
  SESSION_FILE_LIMITS,
} from '@sukoon/shared';
import { runPeriodically } from '../../lib/periodic';
import { requireAuth, signedIn } from '../../plugins/authenticate';
import { personalAnswers } from '../../plugins/personal-answers';
import { bookingPurpose } from './booking-confirmation';
import { createBookingFlowService } from './booking-flow-service';
import { createBookingsRepository } from './bookings-repository';
import { createBookingsService } from './bookings-service';
import { createCancellationService } from './cancellation-service';
import { createRescheduleService } from './reschedule-service';

/** How often abandoned holds are expired in the background (placing a hold also expires them first). */
const HOLD_SWEEP_MS = 30_000;

const BookingId = z.object({ id: z.uuid('The booking id is not valid') });

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const personal = personalAnswers(app);
  const bookings = createBookingsService(app.database.db);
  const onMailQueued = () => app.mailer.wake();
  const flow = createBookingFlowService({
    db: app.database.db,
    payments: app.payments,
    publicUrl: app.env.publicUrl,
    onMailQueued,
    pauseAbandoners: app.env.RATE_LIMITS === 'on',
  });
  const cancellation = createCancellationService({
    db: app.database.db,
    payments: app.payments,
    publicUrl: app.env.publicUrl,
    onMailQueued,
  });
  const reschedule = createRescheduleService({
    db: app.database.db,
    payments: app.payments,
    cancellation,
    publicUrl: app.env.publicUrl,
    onMailQueued,
  });
  app.payments.registerPurpose('booking', bookingPurpose({ publicUrl: app.env.publicUrl }));
  app.payments.registerPurpose('penalty', cancellation.penaltyPurpose());
  app.payments.registerPurpose('length_change', reschedule.lengthChangePurpose());

  const holds = createBookingsRepository(app.database.db);
  const holdLimits = {
    perUser: HOLD_LIMITS.requestsPerAccount,
    perIp: HOLD_LIMITS.requestsPerAddress,
  };
  runPeriodically(app, 'hold sweeper', HOLD_SWEEP_MS, () => holds.expireHolds(new Date()));

  app.post(
    '/api/payments/create-order',
    {
      config: { keepsSessions: true },
      preValidation: [signedIn('patient'), app.userLimits('hold', holdLimits)],
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
      config: { keepsSessions: true },
      preValidation: [signedIn('patient'), app.userLimits('hold-release', holdLimits)],
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

  app.get(
    '/api/bookings/holds/:id/order',
    {
      preValidation: signedIn('patient'),
      schema: {
        tags: ['payments', 'bookings'],
        summary:
          'The open payment order of your own live hold, to resume paying it (a checkout closed mid-payment); the amount is the one set when the hold was placed',
        security: [{ bearer: [] }],
        params: BookingId,
        response: { 200: okEnvelope(CreateOrderData) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'patient');
      const data = await flow.openOrderOfHold(actor, request.params.id);
      return { success: true as const, data, error: null };
    },
  );

  app.get(
    '/api/bookings/:id/calendar.ics',
    {
      preValidation: [signedIn('patient'), app.userLimits('session-file', SESSION_FILE_LIMITS)],
      schema: {
        tags: ['bookings'],
        summary:
          'Your booked session as an iCalendar file (METHOD:PUBLISH) to save into your own calendar (patients; 404 for anyone else’s); the same event, by UID, as your emailed invitation and calendar feed',
        security: [{ bearer: [] }],
        params: BookingId,
        response: { 200: z.any().describe('text/calendar') },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request, 'patient');
      const file = await bookings.calendarFile(actor, request.params.id, app.env.publicUrl);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );

  app.post(
    '/api/bookings',
    {
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

  app.patch(
    '/api/bookings/cancel-user/:bookingId',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Cancel a session: the patient at once, free, with a full refund; its psychologist after paying the 100 INR penalty (this answers with the penalty order to pay; its verified payment cancels and refunds the patient)',
        security: [{ bearer: [] }],
        params: z.object({ bookingId: z.uuid('The booking id is not valid') }),
        response: { 200: okEnvelope(CancelBookingData) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await cancellation.cancel(actor, request.params.bookingId);
      return { success: true as const, data, error: null };
    },
  );

  app.patch(
    '/api/bookings/:id/reschedule',
    {
      // A longer length keeps a time like a hold does: the same limits.
      preValidation: [signedIn(), app.userLimits('hold', holdLimits)],
      schema: {
        tags: ['bookings'],
        summary:
          'Move a booked, not yet started session to another time, and (its patient) change its length: its patient within the policy it was booked under (notice, horizon, break, how late and how often), its psychologist to any free time of their calendar at the same length (the patient is emailed and may keep the new time or cancel for a full refund). A move costs nothing; a shorter length refunds the difference between the rates it was booked at; a longer one answers payment_required with the order for that difference, keeps the new time for 10 minutes, and is made when POST /api/payments/verify-payment verifies the payment',
        security: [{ bearer: [] }],
        params: BookingId,
        body: RescheduleBody,
        response: { 200: okEnvelope(RescheduleData) },
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const data = await reschedule.reschedule(actor, request.params.id, request.body);
      return { success: true as const, data, error: null };
    },
  );

  app.post(
    '/api/bookings/:id/move-decision',
    {
      preValidation: signedIn('patient'),
      schema: {
        tags: ['bookings'],
        summary:
          'Answer a time your psychologist moved your session to: keep it, or cancel the session with a full refund (its patient)',
        security: [{ bearer: [] }],
        params: BookingId,
        body: MoveDecisionBody,
        response: { 200: okEnvelope(MoveDecisionResult) },
      },
    },
    async (request) => {
      const actor = requireAuth(request, 'patient');
      const data = await reschedule.decideInApp(actor, request.params.id, request.body.decision);
      return { success: true as const, data, error: null };
    },
  );

  app.get(
    '/api/move-decisions/:token',
    {
      preValidation: app.authLimits('move-decision', { perAccount: false }),
      schema: {
        tags: ['bookings'],
        summary:
          'The session an emailed keep-or-cancel link is about (title, psychologist, the old and the new time), while the link works (no sign-in)',
        params: MoveTokenParams,
        response: { 200: okEnvelope(MoveOfferPreview) },
      },
    },
    async (request) => {
      const data = await reschedule.previewByToken(request.params.token);
      return { success: true as const, data, error: null };
    },
  );

  app.post(
    '/api/move-decisions',
    {
      preValidation: app.authLimits('move-decision', { perAccount: false }),
      schema: {
        tags: ['bookings'],
        summary:
          'The same answer from the emailed links: the token works once, until the session starts (no sign-in)',
        body: EmailedMoveDecisionBody,
        response: { 200: okEnvelope(MoveDecisionResult) },
      },
    },
    async (request) => {
      const data = await reschedule.decideByToken(request.body.token, request.body.decision);
      return { success: true as const, data, error: null };
    },
  );

  app.get(
    '/api/bookings/user/:userId',
    {
      preValidation: personal.fromCache,
      schema: {
        tags: ['bookings'],
        summary:
          'Your bookings (as patient or psychologist), oldest first, a page at a time (?limit= 1–200, 50 by default; ?cursor= the next_cursor of the previous page, null at the end), with the original client’s field names',
        security: [{ bearer: [] }],
        params: z.object({ userId: z.uuid('The user id is not valid') }),
        querystring: PageQuery,
        response: { 200: pagedEnvelope(BookingListItem) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      return personal.answer(request, reply, actor.id, async () => {
        const { items, nextCursor, changesAt } = await bookings.listPageForUser(
          actor,
          request.params.userId,
          request.query,
        );
        return {
          payload: { success: true as const, data: items, error: null, next_cursor: nextCursor },
          changesAt,
        };
      });
    },
  );

  app.get(
    '/api/events',
    {
      preValidation: personal.fromCache,
      schema: {
        tags: ['bookings'],
        summary: 'Your calendar events (booked sessions and holds in progress) in a date range',
        security: [{ bearer: [] }],
        querystring: EventsQuery,
        response: { 200: okEnvelope(z.array(CalendarEvent)) },
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      return personal.answer(request, reply, actor.id, async () => {
        const { events, changesAt } = await bookings.events(actor, request.query);
        return { payload: { success: true as const, data: events, error: null }, changesAt };
      });
    },
  );
};
