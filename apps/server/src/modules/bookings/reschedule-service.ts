import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  lengthChangePaise,
  patientMoveRefusal,
  PSYCHOLOGIST_MOVE_POLICY,
  readPolicy,
  type MoveDecision,
  type MoveDecisionResult,
  type MoveOfferPreview,
  type RescheduleBody,
  type RescheduleData,
  type SessionDuration,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { bookingMoveOffers } from '../../db/schema';
import { AppError, localizedError } from '../../lib/errors';
import { moveRefusalText } from '../../i18n/error-messages';
import { hashSecretToken } from '../../lib/secret-tokens';
import { recordAudit } from '../audit/audit-repository';
import type { AuthUser } from '../auth/sessions-service';
import type { PaymentsService } from '../payments/payments-service';
import { hasDatabaseCode, isOverlapViolation } from '../../db/errors';
import { createBookingsRepository } from './bookings-repository';
import { toCalendarEvent } from './bookings-service';
import type { createCancellationService } from './cancellation-service';
import { createLengthChangeService } from './length-change-service';
import { changeSession } from './session-change';
import { queueMoveKeptEmail } from './emails/move-kept';
import { bookedRatesOf, notBookedCode, type BookingRow } from './session-state';
import { createSlotCheck } from './slot-check';

export interface RescheduleOptions {
  db: Database;
  payments: PaymentsService;
  cancellation: ReturnType<typeof createCancellationService>;
  publicUrl: string;
  /** Called after a change that queued mail has committed. */
  onMailQueued?: () => void;
  clock?: () => Date;
}

type Role = 'patient' | 'psychologist';

/**
 * Moving a booked session to another time (issue 18), by its patient within the policy it was booked
 * under, or by its psychologist on their own calendar, and the patient's answer to a psychologist's
 * move. A move is one transaction with the booking row locked (`session-change.ts`): the row's new
 * interval is taken under the same exclusion constraint as a hold (so of a move and a hold racing for
 * one interval exactly one wins), its old one freed by the same UPDATE, the reminders moved, the
 * audit and both emails written. The patient may change its length too: shorter refunds the
 * difference at once; longer is paid for first (`length-change-service.ts`).
 */
export function createRescheduleService(options: RescheduleOptions) {
  const { db, cancellation, publicUrl } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createBookingsRepository(db);
  const checkBookable = createSlotCheck(db, clock);
  const lengthChange = createLengthChangeService({
    db,
    payments: options.payments,
    publicUrl,
    clock,
  });

  function roleOf(actor: AuthUser, booking: BookingRow): Role | null {
    if (booking.patientId === actor.id) return 'patient';
    if (booking.psychologistId === actor.id) return 'psychologist';
    return null;
  }

  /** Why this session may not be moved by `role` now, as an AppError; nothing when it may. */
  function refuseMove(
    booking: BookingRow,
    role: Role,
    start: Date,
    durationMinutes: number,
    now: Date,
  ) {
    const notBooked = notBookedCode(booking, 'BOOKING_CANCELED');
    if (notBooked) throw new AppError(notBooked);
    if (booking.startsAt.getTime() <= now.getTime()) {
      throw localizedError('RESCHEDULE_NOT_ALLOWED', 'error.move.ended');
    }
    const resized = durationMinutes !== booking.durationMinutes;
    if (booking.startsAt.getTime() === start.getTime() && !resized) {
      throw new AppError('RESCHEDULE_SAME_TIME');
    }
    // The fee changes with the length, and only the patient pays it or is refunded.
    if (resized && booking.patientId && (role !== 'patient' || !bookedRatesOf(booking))) {
      throw new AppError('LENGTH_CHANGE_NOT_ALLOWED');
    }
    if (role === 'psychologist' && booking.movedFromStartsAt && booking.patientId) {
      throw new AppError('MOVE_PENDING');
    }
    if (role === 'patient') {
      const policy = readPolicy(booking.policy);
      const refusal = patientMoveRefusal(booking, policy, now);
      if (refusal) {
        const { key, values } = moveRefusalText(refusal, policy);
        throw localizedError('RESCHEDULE_NOT_ALLOWED', key, values);
      }
    }
  }

  /** The move itself, inside `tx` with the row locked. */
  async function move(
    tx: Database,
    actor: AuthUser,
    bookingId: string,
    start: Date,
    durationMinutes: SessionDuration,
  ) {
    const now = clock();
    const booking = await createBookingsRepository(tx).lockById(bookingId);
    if (!booking) throw new AppError('BOOKING_NOT_FOUND');
    const role = roleOf(actor, booking)!;
    // Checked again under the lock: a cancellation or another move may have come first.
    refuseMove(booking, role, start, durationMinutes, now);
    return changeSession(
      tx,
      booking,
      { by: { id: actor.id, role }, start, durationMinutes },
      { payments: options.payments, publicUrl, now },
    );
  }

  /** The patient's answer, inside `tx` with the row locked. */
  async function decideWithin(
    tx: Database,
    bookingId: string,
    patientId: string,
    decision: MoveDecision,
    /** From an emailed link: the new start its move set; a later move is not its to answer. */
    movedTo?: Date,
  ): Promise<{ answer: MoveDecisionResult; refundIds: string[] }> {
    const now = clock();
    const bookings = createBookingsRepository(tx);
    const booking = await bookings.lockById(bookingId);
    if (!booking || booking.patientId !== patientId) throw new AppError('BOOKING_NOT_FOUND');
    const notBooked = notBookedCode(booking, 'BOOKING_CANCELED');
    if (notBooked) throw new AppError(notBooked);
    if (!booking.movedFromStartsAt) throw new AppError('NO_MOVE_PENDING');
    if (movedTo && booking.startsAt.getTime() !== movedTo.getTime()) {
      throw new AppError('MOVE_LINK_INVALID');
    }
    if (booking.startsAt.getTime() <= now.getTime()) {
      throw localizedError('SESSION_ALREADY_STARTED', 'error.move.declineStarted');
    }
    await tx
      .update(bookingMoveOffers)
      .set({ decision, decidedAt: now })
      .where(and(eq(bookingMoveOffers.bookingId, bookingId), isNull(bookingMoveOffers.decidedAt)));
    const actor = { id: patientId, role: 'patient' as const };
    if (decision === 'keep') {
      const kept = (await bookings.update(bookingId, { movedFromStartsAt: null, updatedAt: now }))!;
      await recordAudit(tx, { action: 'booking.move_kept', actor, bookingId, details: {} });
      await queueMoveKeptEmail(tx, kept);
      return { answer: { booking_id: bookingId, decision, refund_paise: null }, refundIds: [] };
    }
    await recordAudit(tx, { action: 'booking.move_declined', actor, bookingId, details: {} });
    const refunds = await cancellation.cancelDeclinedMove(tx, bookingId, patientId);
    const refundPaise = refunds.reduce((sum, refund) => sum + refund.amountPaise, 0);
    return {
      answer: {
        booking_id: bookingId,
        decision,
        refund_paise: refunds.length > 0 ? refundPaise : null,
      },
      refundIds: refunds.map((refund) => refund.id),
    };
  }

  async function decide(
    bookingId: string,
    patientId: string,
    decision: MoveDecision,
    movedTo?: Date,
  ): Promise<MoveDecisionResult> {
    const { answer, refundIds } = await db.transaction((tx) =>
      decideWithin(tx, bookingId, patientId, decision, movedTo),
    );
    options.onMailQueued?.();
    // Sent after commit and retried by the refund worker until the provider accepts it.
    for (const refundId of refundIds) await options.payments.sendRefund(refundId);
    return answer;
  }

  /** The unanswered, unexpired move a token opens, with its session; else MOVE_LINK_INVALID. */
  async function openOffer(token: string) {
    const [offer] = await db
      .select()
      .from(bookingMoveOffers)
      .where(
        and(
          eq(bookingMoveOffers.tokenHash, hashSecretToken(token)),
          isNull(bookingMoveOffers.decidedAt),
          gt(bookingMoveOffers.expiresAt, clock()),
        ),
      )
      .limit(1);
    const row = offer ? await repository.findById(offer.bookingId) : null;
    if (!offer || !row?.booking.patientId || row.booking.status !== 'booked') {
      throw new AppError('MOVE_LINK_INVALID');
    }
    return {
      offer,
      row,
      patientId: row.booking.patientId,
    };
  }

  return {
    /** PATCH /api/bookings/{id}/reschedule. */
    async reschedule(
      actor: AuthUser,
      bookingId: string,
      body: RescheduleBody,
    ): Promise<RescheduleData> {
      const start = new Date(body.start_time);
      const row = await repository.findById(bookingId);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      const { booking } = row;
      const durationMinutes = (body.duration_minutes ?? booking.durationMinutes) as SessionDuration;
      const role = roleOf(actor, booking);
      if (!role) {
        throw localizedError('FORBIDDEN', 'error.move.onlyParties');
      }
      refuseMove(booking, role, start, durationMinutes, clock());
      // The patient moves within the policy the session was booked under; the psychologist on their
      // own calendar, where only the 52-week limit applies.
      // A psychologist's move leaves the patient a day to answer it.
      const asksPatient = role === 'psychologist' && booking.patientId !== null;
      if (
        asksPatient &&
        start.getTime() < clock().getTime() + PSYCHOLOGIST_MOVE_POLICY.minNoticeMinutes * 60_000
      ) {
        throw localizedError('SLOT_UNAVAILABLE', 'error.move.psychologistNotice');
      }
      await checkBookable(booking.psychologistId, start, durationMinutes, {
        ignoreBookingId: booking.id,
        policy:
          role === 'patient'
            ? readPolicy(booking.policy)
            : asksPatient
              ? PSYCHOLOGIST_MOVE_POLICY
              : undefined,
      });
      // A longer session is paid for first; the change is made when that payment is verified.
      const rates = bookedRatesOf(booking);
      const due = rates
        ? lengthChangePaise(rates, booking.durationMinutes as SessionDuration, durationMinutes)
        : 0;
      if (due > 0) {
        return lengthChange.requestPayment(
          actor,
          row,
          { start, durationMinutes, amountPaise: due },
          (locked, now) => refuseMove(locked, 'patient', start, durationMinutes, now),
        );
      }
      let refunds;
      try {
        ({ refunds } = await db.transaction((tx) =>
          move(tx, actor, bookingId, start, durationMinutes),
        ));
      } catch (error) {
        // The constraint refused the new interval, or two movers and holders waited on each other.
        if (isOverlapViolation(error) || hasDatabaseCode(error, '40P01')) {
          throw new AppError('SLOT_TAKEN');
        }
        throw error;
      }
      if (booking.patientId) options.onMailQueued?.();
      // Sent after commit and retried by the refund worker until the provider accepts them.
      for (const refund of refunds) await options.payments.sendRefund(refund.id);
      const refundPaise = refunds.reduce((sum, refund) => sum + refund.amountPaise, 0);
      return {
        outcome: 'moved',
        event: toCalendarEvent((await repository.findById(bookingId))!, actor.id),
        refund_paise: refundPaise > 0 ? refundPaise : null,
      };
    },

    /** The 'length_change' purpose, registered with the payments layer. */
    lengthChangePurpose: () => lengthChange.purpose(),

    /** POST /api/bookings/{id}/move-decision: the signed-in patient answers in the app. */
    async decideInApp(actor: AuthUser, bookingId: string, decision: MoveDecision) {
      const row = await repository.findById(bookingId);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      if (row.booking.patientId !== actor.id) {
        throw localizedError('FORBIDDEN', 'error.move.decideOnlyPatient');
      }
      return decide(bookingId, actor.id, decision);
    },

    /** GET /api/move-decisions/{token}: the session the emailed link is about, while it works. */
    async previewByToken(token: string): Promise<MoveOfferPreview> {
      const { offer, row } = await openOffer(token);
      return {
        booking_id: offer.bookingId,
        title: row.booking.title,
        psychologist_name: row.psychologistName,
        duration_minutes: row.booking.durationMinutes,
        from_start: offer.fromStartsAt.toISOString(),
        to_start: offer.toStartsAt.toISOString(),
      };
    },

    /** POST /api/move-decisions: the same answer from the emailed link's single-use token. */
    async decideByToken(token: string, decision: MoveDecision) {
      const { offer, patientId } = await openOffer(token);
      try {
        return await decide(offer.bookingId, patientId, decision, offer.toStartsAt);
      } catch (error) {
        // Answered meanwhile in the app or from the other link, canceled, or started: the link is spent.
        if (error instanceof AppError) throw new AppError('MOVE_LINK_INVALID');
        throw error;
      }
    },
  };
}
