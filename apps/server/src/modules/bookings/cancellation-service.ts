import {
  CURRENCY,
  ERRORS,
  PSYCHOLOGIST_CANCELLATION_PENALTY_PAISE,
  canCancelSession,
  formatSessionStart,
  patientCancellationRefund,
  readPolicy,
  type CancelBookingData,
  type ErrorCode,
  type RefundSummary,
} from '@sukoon/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookingMoveOffers } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError, localizedError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import type { PaymentsService } from '../payments/payments-service';
import type { PurposeHandler, RefundInput } from '../payments/payments-types';
import type { RefundRow } from '../payments/payments-repository';
import { recordAudit } from '../audit/audit-repository';
import { createRemindersRepository } from '../reminders/reminders-repository';
import {
  createBookingsRepository,
  NO_PENDING_CHANGE,
  type BookingWithNames,
} from './bookings-repository';
import { queueCancellationEmails } from './emails/cancellation';
import { refundSession, sessionPayments } from './session-payments';
import { notBookedCode, sessionFacts, type BookingRow } from './session-state';

/**
 * How long the same penalty order is handed out again (a second tab, a reload, a retry) before a fresh
 * one is made. A payment made later still cancels, or is refunded when the session is gone.
 */
const PENALTY_ORDER_TTL_MS = 30 * 60 * 1000;

export interface CancellationOptions {
  db: Database;
  payments: PaymentsService;
  publicUrl: string;
  /** Called after a cancellation that queued mail has committed. */
  onMailQueued?: () => void;
  clock?: () => Date;
}

/** Why a session cannot be canceled now, or null when it can. */
function cancelRefusal(booking: BookingRow, now: Date): ErrorCode | null {
  const notBooked = notBookedCode(booking, 'BOOKING_ALREADY_CANCELED');
  if (notBooked) return notBooked;
  return canCancelSession(sessionFacts(booking), now) ? null : 'SESSION_ALREADY_STARTED';
}

/** One summary of a refund made in parts (a session paid in parts): pending while any part is. */
function toSummary(refunds: RefundRow[]): RefundSummary {
  return {
    status: refunds.some((refund) => refund.status === 'pending') ? 'pending' : 'processed',
    amount: refunds.reduce((sum, refund) => sum + refund.amountPaise, 0),
    currency: CURRENCY,
    attempts: Math.max(...refunds.map((refund) => refund.attempts)),
  };
}

/**
 * PATCH /api/bookings/cancel-user/{id}. A patient cancels free of charge; a psychologist cancels a
 * patient's session by paying the penalty first (the 'penalty' purpose executes it when the payment is
 * verified). Either way the session is canceled, its slot freed, its reminders dropped, the patient's
 * fee refunded (idempotently: key `cancel-<booking id>`, see session-payments.ts) and both parties emailed, all in one
 * transaction with the booking row locked, so a cancellation races neither another nor attendance.
 */
export function createCancellationService(options: CancellationOptions) {
  const { db, payments, publicUrl } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createBookingsRepository(db);

  /**
   * Cancels inside `tx`, or says why not; `refund` records the refund of the patient's payment. A
   * patient's own cancellation refunds what the policy they booked under allows (all of it before
   * its late window); the psychologist's, or the patient declining a time the psychologist moved the
   * session to (`fullRefund`), refunds everything.
   */
  async function cancelInTransaction(
    tx: Database,
    bookingId: string,
    by: { id: string; role: 'patient' | 'psychologist' },
    refund: (input: RefundInput) => Promise<RefundRow>,
    { penaltyPaise, fullRefund = false }: { penaltyPaise?: number; fullRefund?: boolean } = {},
  ): Promise<{ ok: true; refunds: RefundRow[] } | { ok: false; code: ErrorCode }> {
    const now = clock();
    const bookingsTx = createBookingsRepository(tx);
    const booking = await bookingsTx.lockById(bookingId);
    if (!booking) return { ok: false, code: 'BOOKING_NOT_FOUND' };
    const refusal = cancelRefusal(booking, now);
    if (refusal) return { ok: false, code: refusal };

    // What the patient paid (the booking, and any longer length) less what came back already.
    const { rows: paid, leftPaise } = await sessionPayments(payments, tx, bookingId);
    // A patient who cancels a session their psychologist moved, before answering, declines that
    // time: the whole fee comes back, whatever the late window says.
    const declinesMove = by.role === 'patient' && booking.movedFromStartsAt !== null;
    const refundPaise =
      paid.length === 0
        ? 0
        : by.role === 'patient' && !fullRefund && !declinesMove
          ? patientCancellationRefund(leftPaise, booking.startsAt, readPolicy(booking.policy), now)
              .refundPaise
          : leftPaise;
    const paymentStatus =
      refundPaise === 0
        ? {}
        : {
            paymentStatus:
              refundPaise >= leftPaise ? ('refunded' as const) : ('partially_refunded' as const),
          };
    const canceled = (await bookingsTx.update(bookingId, {
      status: 'canceled',
      canceledBy: by.role,
      canceledAt: now,
      movedFromStartsAt: null,
      // A longer length still waiting for its payment lets its time go; its payment, if it comes,
      // is refused and refunded.
      ...NO_PENDING_CHANGE,
      icsSequence: booking.icsSequence + 1,
      ...paymentStatus,
    }))!;
    await createRemindersRepository(tx).skipPending(bookingId, now);
    // An unanswered move is answered by the cancellation: its links stop working.
    await tx
      .update(bookingMoveOffers)
      .set({ decision: 'cancel', decidedAt: now })
      .where(and(eq(bookingMoveOffers.bookingId, bookingId), isNull(bookingMoveOffers.decidedAt)));
    const recorded = await refundSession(
      payments,
      tx,
      bookingId,
      refundPaise,
      { key: `cancel-${bookingId}`, reason: `session canceled by the ${by.role}` },
      refund,
    );
    const refundedPaise = recorded.reduce((sum, row) => sum + row.amountPaise, 0);
    await recordAudit(tx, {
      action: 'booking.canceled',
      actor: by,
      bookingId,
      details: {
        refund_paise: recorded.length > 0 ? refundedPaise : null,
        ...(penaltyPaise !== undefined ? { penalty_paise: penaltyPaise } : {}),
      },
    });
    await queueCancellationEmails(tx, canceled, {
      publicUrl,
      refundPaise: recorded.length > 0 ? refundedPaise : null,
      ...(penaltyPaise !== undefined ? { penaltyPaise } : {}),
    });
    return { ok: true, refunds: recorded };
  }

  /** The psychologist of a patient's session pays the penalty first: an order, not a cancellation. */
  async function openPenaltyOrder(
    actor: AuthUser,
    row: BookingWithNames,
  ): Promise<CancelBookingData> {
    const { booking } = row;
    const refusal = cancelRefusal(booking, clock());
    if (refusal) throw new AppError(refusal);
    // Read by the psychologist in the checkout (and kept by the provider): a date as the app shows
    // dates, in the psychologist's zone and language, never the raw 2026-11-28.
    const when = formatSessionStart(booking.startsAt, row.psychologistTimeZone, actor.locale);
    const prefill = { name: actor.username, email: actor.email };
    const { order, checkout } =
      (await payments.findOpenOrder('penalty', booking.id, actor.id, prefill)) ??
      (await payments.createOrder({
        purpose: 'penalty',
        referenceId: booking.id,
        amountPaise: PSYCHOLOGIST_CANCELLATION_PENALTY_PAISE,
        payerId: actor.id,
        // Shown and kept by the payment provider: no patient's name in it.
        description: translate(actor.locale, 'payment.description.penalty', { when }),
        ttlMs: PENALTY_ORDER_TTL_MS,
        prefill,
      }));
    return {
      outcome: 'penalty_required',
      booking_id: booking.id,
      amount: order.amountPaise,
      currency: CURRENCY,
      order_id: order.providerOrderId,
      checkout,
    };
  }

  return {
    /**
     * Cancels inside the caller's transaction, free of penalty, refunding the patient's fee in full
     * (an account being deleted); send the returned refund with `payments.sendRefund` after commit.
     */
    async cancelWithin(tx: Database, bookingId: string, by: AuthUser) {
      const result = await cancelInTransaction(
        tx,
        bookingId,
        { id: by.id, role: by.role },
        (input) => payments.recordRefund(tx, input),
        { fullRefund: true },
      );
      if (!result.ok) throw new AppError(result.code);
      return result.refunds;
    },

    /**
     * The patient declines the time their psychologist moved the session to: canceled inside the
     * caller's transaction with the whole fee refunded, whatever the late window says.
     */
    async cancelDeclinedMove(tx: Database, bookingId: string, patientId: string) {
      const result = await cancelInTransaction(
        tx,
        bookingId,
        { id: patientId, role: 'patient' },
        (input) => payments.recordRefund(tx, input),
        { fullRefund: true },
      );
      if (!result.ok) throw new AppError(result.code);
      return result.refunds;
    },

    async cancel(actor: AuthUser, bookingId: string): Promise<CancelBookingData> {
      const row = await repository.findById(bookingId);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      const { booking } = row;
      const role =
        booking.patientId === actor.id
          ? 'patient'
          : booking.psychologistId === actor.id
            ? 'psychologist'
            : null;
      if (!role) {
        throw localizedError('FORBIDDEN', 'error.cancel.onlyParties');
      }
      if (role === 'psychologist' && booking.patientId !== null) {
        return openPenaltyOrder(actor, row);
      }
      const result = await db.transaction((tx) =>
        cancelInTransaction(tx, bookingId, { id: actor.id, role }, (input) =>
          payments.recordRefund(tx, input),
        ),
      );
      if (!result.ok) throw new AppError(result.code);
      options.onMailQueued?.();
      if (result.refunds.length === 0) {
        return { outcome: 'canceled', booking_id: bookingId, refund: null };
      }
      const sent: RefundRow[] = [];
      for (const refund of result.refunds) {
        await payments.sendRefund(refund.id);
        sent.push((await payments.findRefund(refund.id)) ?? refund);
      }
      return { outcome: 'canceled', booking_id: bookingId, refund: toSummary(sent) };
    },

    /**
     * The 'penalty' purpose: the psychologist's verified fee executes the cancellation in the settling
     * transaction. If the session was canceled meanwhile or has started, the fee is refused, so it is
     * refunded in full, and the checkout answers PENALTY_REFUNDED.
     */
    penaltyPurpose(): PurposeHandler {
      return {
        refusedCode: 'PENALTY_REFUNDED',
        async confirm({ tx, order, refund }) {
          const booking = await createBookingsRepository(tx).findById(order.referenceId);
          if (!booking || booking.booking.psychologistId !== order.payerId) {
            return {
              accepted: false,
              reason: 'the fee was not paid by the session’s psychologist',
            };
          }
          const result = await cancelInTransaction(
            tx,
            order.referenceId,
            { id: booking.booking.psychologistId, role: 'psychologist' },
            refund,
            { penaltyPaise: order.amountPaise },
          );
          return result.ok
            ? { accepted: true }
            : { accepted: false, reason: ERRORS[result.code].message };
        },

        async refunded({ tx, referenceId, amountPaise }) {
          await recordAudit(tx, {
            action: 'booking.penalty_refunded',
            actor: null,
            bookingId: referenceId,
            details: { amount_paise: amountPaise },
          });
        },
      };
    },
  };
}
