import { randomUUID } from 'node:crypto';
import {
  CURRENCY,
  EventCreateBody as EventCreateSchema,
  HOLD_LIMITS,
  HOLD_MINUTES,
  durationOf,
  localDateOf,
  readPolicy,
  type BookingCreateBody,
  type BookingCreated,
  type CalendarEvent,
  type CreateOrderData,
  type EventCreateBody,
} from '@sukoon/shared';
import type {
  CreateOrderBody as CreateOrderSchema,
  EventUpdateBody as EventUpdateSchema,
} from '@sukoon/shared';
import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import { writeTogether, type Database } from '../../db/client';
import { hasDatabaseCode, isOverlapViolation } from '../../db/errors';
import { AppError, localizedError } from '../../lib/errors';
import { translate, type Message } from '../../i18n/translate';
import type { AuthUser } from '../auth/sessions-service';
import type { PaymentsService } from '../payments/payments-service';
import { createBookingsRepository } from './bookings-repository';
import { toCalendarEvent } from './bookings-service';
import { updateBookedSession } from './session-state';
import { createSlotCheck } from './slot-check';
import { auditStatement } from '../audit/audit-repository';
import { meetingLinkForNewSession } from '../psychologists/meeting-links';

export const HOLD_MS = HOLD_MINUTES * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** "3 hours" or "40 minutes", for how long new holds stay paused. */
function pauseMessage(seconds: number): Message {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return { key: 'pause.minutes', values: { minutes } };
  return { key: 'pause.hours', values: { hours: Math.ceil(minutes / 60) } };
}

type HoldRequest = z.output<typeof CreateOrderSchema>;
export type EventUpdate = z.output<typeof EventUpdateSchema>;

export interface BookingFlowOptions {
  db: Database;
  payments: PaymentsService;
  /** For links in emails (a changed meeting link is emailed to the patient). */
  publicUrl: string;
  /** Called after a change that queued mail has committed. */
  onMailQueued?: () => void;
  /**
   * Pause a patient's new holds after HOLD_LIMITS.abandonedPerDay abandoned ones. Off only with
   * RATE_LIMITS=off, like the other per-account limits (load tests, journeys).
   */
  pauseAbandoners?: boolean;
  clock?: () => Date;
}

/**
 * The booking flow: a patient's hold with its order, its release, the direct events of a psychologist,
 * and the patient's POST /api/bookings that only points at a paid order.
 */
export function createBookingFlowService({
  db,
  payments,
  publicUrl,
  onMailQueued,
  pauseAbandoners = true,
  clock = () => new Date(),
}: BookingFlowOptions) {
  const repository = createBookingsRepository(db);

  const checkBookable = createSlotCheck(db, clock);

  /**
   * The limits on one patient's holds (HOLD_LIMITS): refuses a patient who keeps abandoning holds or
   * already holds slots with two other psychologists. Checked before the provider is asked for an
   * order, and again inside the hold's transaction under the patient's lock (`locked`), where a live
   * hold with the same psychologist can only be a parallel request's (their own earlier hold with
   * that psychologist was released before).
   */
  async function enforceHoldLimits(
    tx: Database,
    patientId: string,
    psychologistId: string,
    {
      locked,
      liveHolds,
    }: {
      locked: boolean;
      /** The patient's live holds when the caller has just read them (outside the lock only). */
      liveHolds?: { id: string; psychologistId: string }[];
    },
  ) {
    const bookings = createBookingsRepository(tx);
    const now = clock();
    const abandoned = pauseAbandoners
      ? await bookings.abandonedHoldsSince(patientId, new Date(now.getTime() - DAY_MS), now)
      : { count: 0, oldest: null };
    if (abandoned.count >= HOLD_LIMITS.abandonedPerDay) {
      const liftsAt = (abandoned.oldest ?? now).getTime() + DAY_MS;
      const seconds = Math.max(60, Math.ceil((liftsAt - now.getTime()) / 1000));
      throw localizedError(
        'HOLDS_PAUSED',
        'error.holds.paused',
        { count: abandoned.count, pause: pauseMessage(seconds) },
        { retryAfterSeconds: seconds },
      );
    }
    const live = liveHolds ?? (await bookings.liveHoldsOf(patientId, now));
    const withOthers = live.filter((hold) => hold.psychologistId !== psychologistId);
    if (withOthers.length >= HOLD_LIMITS.liveHolds) throw new AppError('HOLD_LIMIT_REACHED');
    if (locked && withOthers.length < live.length) throw new AppError('HOLD_IN_PROGRESS');
  }

  /**
   * Writes a live row, its 'created' audit entry and (a hold) its order, all in one statement (one
   * round trip; the exclusion constraint refuses the whole of it or none), in the caller's
   * transaction; with `freeRunOut`, frees that psychologist's run-out holds first (see `writeLive`).
   */
  async function insertLive(
    tx: Database,
    values: Parameters<typeof repository.insertStatement>[0],
    actor: AuthUser,
    freeRunOut: boolean,
    order?: SQL,
  ) {
    const bookings = createBookingsRepository(tx);
    if (freeRunOut) await bookings.expireHolds(clock(), values.psychologistId);
    await writeTogether(tx, [
      bookings.insertStatement(values),
      auditStatement(tx, {
        action: 'booking.created',
        actor: { id: actor.id, role: actor.role },
        bookingId: values.id,
        details: { status: values.status ?? 'booked' },
      }),
      ...(order ? [order] : []),
    ]);
  }

  /**
   * Runs a transaction that inserts a live row (a hold and its order, or an event). The insert is
   * tried as it is: holds that ran out are freed (an UPDATE to 'expired', as the constraint cannot
   * look at the clock) only when the exclusion constraint refuses it, and then the whole transaction
   * runs again, freeing them first. Most inserts meet no run-out hold, and skip two UPDATEs that also
   * lock rows other patients' holds are checked against. Refused again, the slot is taken. Two
   * patients' transactions can still wait on each other's rows (one freeing run-out holds that the
   * other's insert is checked against), and PostgreSQL then ends one as a deadlock (40P01), all of
   * it rolled back: that patient lost the race.
   */
  async function writeLive<T>(work: (tx: Database, freeRunOut: boolean) => Promise<T>): Promise<T> {
    try {
      try {
        return await db.transaction((tx) => work(tx, false));
      } catch (error) {
        if (!isOverlapViolation(error)) throw error;
      }
      return await db.transaction((tx) => work(tx, true));
    } catch (error) {
      if (isOverlapViolation(error) || hasDatabaseCode(error, '40P01')) {
        throw new AppError('SLOT_TAKEN');
      }
      throw error;
    }
  }

  return {
    /**
     * POST /api/payments/create-order: holds the slot for HOLD_MINUTES and opens an order for the
     * psychologist's rate (never the browser's amount).
     */
    async placeHold(actor: AuthUser, request: HoldRequest): Promise<CreateOrderData> {
      const start = new Date(request.start);
      // The patient's own hold with this psychologist is about to be replaced: it does not block.
      const liveHolds = await repository.liveHoldsOf(actor.id, clock());
      const ownHold = liveHolds.find((hold) => hold.psychologistId === request.psychologistId);
      // The patient books under the psychologist's policy: notice, horizon and break.
      const psychologist = await checkBookable(
        request.psychologistId,
        start,
        request.durationMinutes,
        { ignoreBookingId: ownHold?.id, policy: 'psychologist' },
      );
      const amountPaise =
        request.durationMinutes === 20 ? psychologist.rate20Paise : psychologist.rate45Paise;
      // Refused before a provider order exists; checked again under the patient's lock below.
      await enforceHoldLimits(db, actor.id, psychologist.id, { locked: false, liveHolds });
      // The new time replaces the patient's hold with this psychologist. It is let go on its own,
      // before: freeing one row and taking another in one transaction can deadlock with another
      // patient taking a slot that overlaps both.
      if (ownHold) await repository.releaseHold(ownHold.id, actor.id);
      const holdId = randomUUID();
      // The provider's order is opened first, outside the transaction (with Razorpay it is an HTTP
      // call); the hold and our order row are then written in one transaction, so a crash or a lost
      // database never leaves a hold without its order (a slot blocked for ten minutes that its
      // patient cannot pay for, and that refuses their retry as SLOT_TAKEN).
      const opened = await payments.openOrder({
        purpose: 'booking',
        referenceId: holdId,
        amountPaise,
        payerId: actor.id,
        // Shown in the patient's checkout, in their language.
        description: translate(actor.locale, 'payment.description.session', {
          minutes: request.durationMinutes,
          name: psychologist.displayName,
        }),
        notes: {
          event_title: request.title.slice(0, 200),
          event_date: localDateOf(start, psychologist.timeZone),
          psychologist_id: psychologist.id,
        },
        ...(request.receipt ? { receipt: request.receipt } : {}),
        ttlMs: HOLD_MS,
        prefill: { name: actor.username, email: actor.email },
      });
      const holdExpiresAt = new Date(clock().getTime() + HOLD_MS);
      // The terms the patient is shown before paying are the ones the session keeps.
      const policy = readPolicy(psychologist.policy);
      const { order, checkout } = await writeLive(async (tx, freeRunOut) => {
        const inserted = opened.insertStatement(tx);
        if (!(await createBookingsRepository(tx).tryLockPatientHolds(actor.id))) {
          throw new AppError('HOLD_IN_PROGRESS');
        }
        await enforceHoldLimits(tx, actor.id, psychologist.id, { locked: true });
        await insertLive(
          tx,
          {
            id: holdId,
            psychologistId: psychologist.id,
            patientId: actor.id,
            startsAt: start,
            endsAt: new Date(start.getTime() + request.durationMinutes * 60_000),
            durationMinutes: request.durationMinutes,
            title: request.title,
            description: request.description,
            color: request.color,
            variant: 'primary',
            pricePaise: amountPaise,
            // A later change of length is priced at these, whatever the rates become.
            bookedRate20Paise: psychologist.rate20Paise,
            bookedRate45Paise: psychologist.rate45Paise,
            currency: CURRENCY,
            status: 'held',
            paymentStatus: 'pending',
            holdExpiresAt,
            patientTimeZone: request.timeZone ?? null,
            policy,
          },
          actor,
          freeRunOut,
          inserted.statement,
        );
        return inserted;
      });
      return {
        amount: order.amountPaise,
        currency: order.currency,
        order_id: order.providerOrderId,
        booking_id: holdId,
        hold_expires_at: holdExpiresAt.toISOString(),
        policy,
        checkout,
      };
    },

    /**
     * The open order of the patient's own live hold, to reopen its checkout (a tab closed mid-payment):
     * the same order and amount the server set when the hold was placed, never a new one.
     */
    async openOrderOfHold(actor: AuthUser, bookingId: string): Promise<CreateOrderData> {
      const existing = await repository.findById(bookingId);
      if (!existing) throw new AppError('BOOKING_NOT_FOUND');
      const { booking } = existing;
      if (booking.patientId !== actor.id) {
        throw localizedError('FORBIDDEN', 'error.hold.payOnlyHolder');
      }
      if (booking.status === 'booked') {
        throw localizedError('CONFLICT', 'error.session.alreadyPaid');
      }
      const now = clock();
      const holdExpiresAt = booking.status === 'held' ? booking.holdExpiresAt : null;
      const open =
        holdExpiresAt && holdExpiresAt > now
          ? await payments.findOpenOrder('booking', booking.id, actor.id, {
              name: actor.username,
              email: actor.email,
            })
          : null;
      if (!holdExpiresAt || holdExpiresAt <= now || !open) {
        throw localizedError('CONFLICT', 'error.hold.ended');
      }
      return {
        amount: open.order.amountPaise,
        currency: open.order.currency,
        order_id: open.order.providerOrderId,
        booking_id: booking.id,
        hold_expires_at: holdExpiresAt.toISOString(),
        policy: readPolicy(booking.policy),
        checkout: open.checkout,
      };
    },

    /** The patient dismissed or failed the checkout: their own hold is let go at once. */
    async releaseHold(actor: AuthUser, bookingId: string) {
      const released = await repository.releaseHold(bookingId, actor.id);
      if (!released) {
        const existing = await repository.findById(bookingId);
        if (!existing) throw new AppError('BOOKING_NOT_FOUND');
        if (existing.booking.patientId !== actor.id) {
          throw localizedError('FORBIDDEN', 'error.hold.releaseOnlyHolder');
        }
        if (existing.booking.status === 'booked') {
          throw localizedError('CONFLICT', 'error.hold.alreadyPaid');
        }
        // Already expired or released: releasing again changes nothing.
      }
      return { id: bookingId, released: true as const };
    },

    /**
     * POST /api/bookings. A psychologist adds an event to their own calendar without payment (meeting
     * link required). A patient's booking is made by the verified payment; this call only returns it.
     */
    async createBooking(actor: AuthUser, body: BookingCreateBody): Promise<BookingCreated> {
      if (actor.role === 'patient') return paidBookingFor(actor, body);
      if (body.psychologist_id !== actor.id) {
        throw localizedError('FORBIDDEN', 'error.event.ownCalendar');
      }
      if (body.user_id !== undefined && body.user_id !== actor.id) {
        throw localizedError('FORBIDDEN', 'error.event.patientBooks');
      }
      const event = await createEvent(actor, {
        title: body.title ?? '',
        description: body.description ?? '',
        startDate: body.start_time,
        endDate: body.end_time,
        meetingLink: body.meeting_link?.trim() || undefined,
        color: body.color ?? 'blue',
        variant: 'primary',
      });
      return created(event.id, event.status, event.paymentStatus);
    },

    createEvent,

    /** PUT /api/events/{id}: the psychologist edits an event on their own calendar. */
    async updateEvent(actor: AuthUser, id: string, body: EventUpdate) {
      const row = await repository.findById(id);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      const { booking } = row;
      if (booking.psychologistId !== actor.id) {
        throw localizedError('FORBIDDEN', 'error.session.changeOnlyPsychologist');
      }
      if (booking.status !== 'booked') {
        throw localizedError('CONFLICT', 'error.session.changeOnlyBooked');
      }
      const changes: Parameters<typeof repository.update>[1] = {};
      if (body.title !== undefined) changes.title = body.title;
      if (body.description !== undefined) changes.description = body.description;
      if (body.meetingLink !== undefined) changes.meetingLink = body.meetingLink;
      if (body.color !== undefined) changes.color = body.color;
      if (body.variant !== undefined) changes.variant = body.variant;
      if (body.startDate !== undefined && body.endDate !== undefined) {
        const duration = durationOf(body.startDate, body.endDate);
        if (!duration) throw new AppError('INVALID_DURATION');
        const start = new Date(body.startDate);
        if (
          start.getTime() !== booking.startsAt.getTime() ||
          duration !== booking.durationMinutes
        ) {
          if (booking.patientId !== null) {
            throw localizedError('CONFLICT', 'error.session.paidKeepsTime');
          }
          await checkBookable(actor.id, start, duration, { ignoreBookingId: booking.id });
          changes.startsAt = start;
          changes.endsAt = new Date(start.getTime() + duration * 60_000);
          changes.durationMinutes = duration;
        }
      }
      try {
        const updated = await db.transaction((tx) =>
          updateBookedSession(tx, id, changes, { publicUrl, actor }),
        );
        if (!updated) throw localizedError('CONFLICT', 'error.session.changeOnlyBooked');
        if (updated.mailQueued) onMailQueued?.();
      } catch (error) {
        if (isOverlapViolation(error)) throw new AppError('SLOT_TAKEN');
        throw error;
      }
      return toCalendarEvent((await repository.findById(id))!, actor.id);
    },

    /** DELETE /api/events/{id}: a psychologist removes an unpaid event they created. */
    async deleteEvent(actor: AuthUser, id: string) {
      const row = await repository.findById(id);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      const { booking } = row;
      const paid = booking.patientId !== null || booking.paymentStatus === 'completed';
      // The session's own patient is pointed at Cancel Appointment; anyone else is refused.
      if (paid && booking.patientId === actor.id) throw new AppError('PAID_BOOKING_CANCEL_FLOW');
      if (booking.psychologistId !== actor.id) {
        throw localizedError('FORBIDDEN', 'error.event.removeOnlyPsychologist');
      }
      if (paid) throw new AppError('PAID_BOOKING_CANCEL_FLOW');
      if (booking.status === 'booked') await repository.update(id, { status: 'canceled' });
      return { id, deleted: true as const };
    },
  };

  /**
   * A psychologist's own event: no payment, the same slot rule, and a meeting link: the one given, or
   * one made by their method (required when they paste links by hand).
   */
  async function createEvent(actor: AuthUser, input: EventCreateBody): Promise<CalendarEvent> {
    if (actor.role !== 'psychologist') throw new AppError('PAYMENT_REQUIRED');
    const parsed = EventCreateSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError('VALIDATION_FAILED', `body.${issue.path.join('.')}: ${issue.message}`);
    }
    const body = parsed.data;
    const duration = durationOf(body.startDate, body.endDate);
    if (!duration) throw new AppError('INVALID_DURATION');
    const start = new Date(body.startDate);
    const meetingLink = body.meetingLink ?? (await meetingLinkForNewSession(db, actor.id));
    if (!meetingLink) {
      throw localizedError('VALIDATION_FAILED', 'error.event.meetingLinkRequired');
    }
    await checkBookable(actor.id, start, duration);
    const values = {
      id: randomUUID(),
      psychologistId: actor.id,
      patientId: null,
      startsAt: start,
      endsAt: new Date(start.getTime() + duration * 60_000),
      durationMinutes: duration,
      title: body.title,
      description: body.description,
      color: body.color,
      variant: body.variant,
      meetingLink,
      pricePaise: 0,
      currency: CURRENCY,
      status: 'booked' as const,
      paymentStatus: 'pending' as const,
    };
    await writeLive((tx, freeRunOut) => insertLive(tx, values, actor, freeRunOut));
    return toCalendarEvent((await repository.findById(values.id))!, actor.id);
  }

  /** A patient's POST /api/bookings: only for themselves, only with a paid and verified order. */
  async function paidBookingFor(actor: AuthUser, body: BookingCreateBody) {
    if (body.user_id !== undefined && body.user_id !== actor.id) {
      throw localizedError('FORBIDDEN', 'error.booking.forYourself');
    }
    const orderId = body.order_id ?? body.payment?.order_id;
    if (!orderId) throw new AppError('PAYMENT_REQUIRED');
    const order = await payments.findOrder(orderId);
    if (!order || order.purpose !== 'booking') throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    if (order.payerId !== actor.id) {
      throw localizedError('FORBIDDEN', 'error.payment.otherAccount');
    }
    if (order.status !== 'paid') throw new AppError('PAYMENT_NOT_VERIFIED');
    const row = await repository.findById(order.referenceId);
    if (!row || row.booking.status !== 'booked') throw new AppError('PAYMENT_NOT_VERIFIED');
    const { booking } = row;
    const sameSlot =
      booking.psychologistId === body.psychologist_id &&
      booking.startsAt.getTime() === new Date(body.start_time).getTime() &&
      booking.endsAt.getTime() === new Date(body.end_time).getTime();
    if (!sameSlot) {
      throw localizedError('CONFLICT', 'error.payment.differentSession');
    }
    return created(booking.id, booking.status, booking.paymentStatus);
  }
}

function created(id: string, status: string, paymentStatus: string): BookingCreated {
  return { id, booking_id: id, _id: id, status, payment_status: paymentStatus };
}
