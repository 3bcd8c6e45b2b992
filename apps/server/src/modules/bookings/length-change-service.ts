import {
  CURRENCY,
  lengthChangePaise,
  type RescheduleData,
  type SessionDuration,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { translate } from '../../i18n/translate';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import type { PaymentsService } from '../payments/payments-service';
import type { PurposeHandler } from '../payments/payments-types';
import { auditSessionRefund } from './booking-confirmation';
import { hasDatabaseCode, isOverlapViolation } from '../../db/errors';
import { createBookingsRepository, type BookingWithNames } from './bookings-repository';
import { changeSession } from './session-change';
import { bookedRatesOf, type BookingRow } from './session-state';

/** A longer length keeps its new interval this long for its payment, as a new booking's hold does. */
export const LENGTH_CHANGE_HOLD_MS = 10 * 60 * 1000;

export interface LengthChangeOptions {
  db: Database;
  payments: PaymentsService;
  publicUrl: string;
  clock?: () => Date;
}

/** The change an order of purpose 'length_change' pays for, as its notes carry it. */
function targetOf(notes: Record<string, string>) {
  return {
    fromStart: new Date(notes.from_start ?? NaN).getTime(),
    fromMinutes: Number(notes.from_minutes),
    start: new Date(notes.to_start ?? NaN),
    durationMinutes: Number(notes.to_minutes),
  };
}

/**
 * A patient making their session longer (issue 18) pays the difference between the two rates it was
 * booked at first: the new interval is kept for them (the booking's pending_* columns, which the
 * exclusion constraint counts as taken) while an order of purpose 'length_change' runs, and the
 * change is made when the server has verified that payment, in the settling transaction. If the
 * session changed meanwhile, was canceled, or has started, the payment is refused and so refunded.
 */
export function createLengthChangeService(options: LengthChangeOptions) {
  const { db, payments, publicUrl } = options;
  const clock = options.clock ?? (() => new Date());

  return {
    /**
     * Keeps the new interval and opens (or hands out again) the order for the difference.
     * `refuse` re-checks the move under the row lock, as the caller checked it before.
     */
    async requestPayment(
      actor: AuthUser,
      row: BookingWithNames,
      target: { start: Date; durationMinutes: SessionDuration; amountPaise: number },
      refuse: (locked: BookingRow, now: Date) => void,
    ): Promise<RescheduleData> {
      const { booking } = row;
      const { start, durationMinutes, amountPaise } = target;
      const prefill = { name: actor.username, email: actor.email };
      const answer = (order: { providerOrderId: string; amountPaise: number }, expiresAt: Date) =>
        ({
          outcome: 'payment_required',
          booking_id: booking.id,
          amount: order.amountPaise,
          currency: CURRENCY,
          order_id: order.providerOrderId,
          expires_at: expiresAt.toISOString(),
        }) as const;
      // Asking again for the same change (a reload, a second tab) pays the same order.
      const open = await payments.findOpenOrder('length_change', booking.id, actor.id, prefill);
      if (
        open &&
        booking.pendingExpiresAt &&
        booking.pendingExpiresAt > clock() &&
        booking.pendingStartsAt?.getTime() === start.getTime() &&
        booking.pendingDurationMinutes === durationMinutes &&
        open.order.amountPaise === amountPaise
      ) {
        return { ...answer(open.order, booking.pendingExpiresAt), checkout: open.checkout };
      }
      const opened = await payments.openOrder({
        purpose: 'length_change',
        referenceId: booking.id,
        amountPaise,
        payerId: actor.id,
        // Shown in the patient's checkout, in their language, and kept by the payment provider.
        description: translate(actor.locale, 'payment.description.lengthChange', {
          minutes: durationMinutes,
          name: row.psychologistName,
        }),
        // What it pays for, and from what: a session changed meanwhile refuses it (and is refunded).
        notes: {
          from_start: booking.startsAt.toISOString(),
          from_minutes: String(booking.durationMinutes),
          to_start: start.toISOString(),
          to_minutes: String(durationMinutes),
        },
        ttlMs: LENGTH_CHANGE_HOLD_MS,
        prefill,
      });
      try {
        return await db.transaction(async (tx) => {
          const now = clock();
          const bookings = createBookingsRepository(tx);
          const locked = await bookings.lockById(booking.id);
          if (!locked) throw new AppError('BOOKING_NOT_FOUND');
          refuse(locked, now);
          // The price was worked out from the row read before the lock: a change made meanwhile (a
          // shorter length in another tab) would make it wrong, and the payment be refused later.
          if (
            locked.startsAt.getTime() !== booking.startsAt.getTime() ||
            locked.durationMinutes !== booking.durationMinutes
          ) {
            throw new AppError('SESSION_CHANGED');
          }
          await bookings.expireHolds(now, locked.psychologistId);
          const expiresAt = new Date(now.getTime() + LENGTH_CHANGE_HOLD_MS);
          // Takes the interval under the exclusion constraint, replacing any earlier unpaid change.
          await bookings.update(booking.id, {
            pendingStartsAt: start,
            pendingEndsAt: new Date(start.getTime() + durationMinutes * 60_000),
            pendingDurationMinutes: durationMinutes,
            pendingExpiresAt: expiresAt,
          });
          const { order, checkout } = await opened.record(tx);
          return { ...answer(order, expiresAt), checkout };
        });
      } catch (error) {
        if (isOverlapViolation(error) || hasDatabaseCode(error, '40P01')) {
          throw new AppError('SLOT_TAKEN');
        }
        throw error;
      }
    },

    /** The 'length_change' purpose: the verified difference makes the change it was paid for. */
    purpose(): PurposeHandler {
      return {
        refusedCode: 'LENGTH_CHANGE_REFUNDED',
        async confirm({ tx, order }) {
          const now = clock();
          const booking = await createBookingsRepository(tx).lockById(order.referenceId);
          const refused = (reason: string) => ({ accepted: false as const, reason });
          if (!booking || !order.payerId || booking.patientId !== order.payerId) {
            return refused('the difference was not paid by the session’s patient');
          }
          if (booking.status !== 'booked') return refused('the session is no longer booked');
          if (booking.startsAt <= now) return refused('the session has started');
          const { fromStart, fromMinutes, start, durationMinutes } = targetOf(order.notes);
          if (Number.isNaN(start.getTime()) || ![20, 45].includes(durationMinutes)) {
            return refused('the order does not say what it pays for');
          }
          // As with a booking's hold: a payment after the new time stopped being kept (its ten
          // minutes passed, or another change replaced it) is refused, so refunded, even if the
          // time happens to be free still; the patient asks again and pays the order they get.
          if (
            !booking.pendingStartsAt ||
            !booking.pendingExpiresAt ||
            booking.pendingExpiresAt <= now ||
            booking.pendingStartsAt.getTime() !== start.getTime() ||
            booking.pendingDurationMinutes !== durationMinutes
          ) {
            return refused('the new time was no longer kept for this payment');
          }
          const rates = bookedRatesOf(booking);
          const due = rates
            ? lengthChangePaise(
                rates,
                booking.durationMinutes as SessionDuration,
                durationMinutes as SessionDuration,
              )
            : 0;
          // The session moved or changed length since the order was opened (the patient changed
          // their mind), or it no longer costs what was paid.
          if (
            booking.startsAt.getTime() !== fromStart ||
            booking.durationMinutes !== fromMinutes ||
            due !== order.amountPaise
          ) {
            return refused('the session changed since this order');
          }
          try {
            // In its own savepoint: a time taken meanwhile (its hold ran out) refuses the payment.
            await tx.transaction((savepoint) =>
              changeSession(
                savepoint,
                booking,
                {
                  by: { id: order.payerId!, role: 'patient' },
                  start,
                  durationMinutes: durationMinutes as SessionDuration,
                  paidPaise: order.amountPaise,
                },
                { payments, publicUrl, now },
              ),
            );
          } catch (error) {
            if (isOverlapViolation(error)) return refused('the new time was taken meanwhile');
            throw error;
          }
          return { accepted: true };
        },

        refunded: auditSessionRefund,
      };
    },
  };
}
