import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  patientMoveRefusal,
  PSYCHOLOGIST_MOVE_POLICY,
  patientMoveRefusalMessage,
  readPolicy,
  type CalendarEvent,
  type MoveDecision,
  type MoveDecisionResult,
  type MoveOfferPreview,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { bookingMoveOffers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit-repository';
import type { AuthUser } from '../auth/sessions-service';
import type { PaymentsService } from '../payments/payments-service';
import { createRemindersRepository } from '../reminders/reminders-repository';
import { hasDatabaseCode, isOverlapViolation } from './booking-flow-service';
import { createBookingsRepository } from './bookings-repository';
import { toCalendarEvent } from './bookings-service';
import type { createCancellationService } from './cancellation-service';
import { queueMoveEmails, queueMoveKeptEmail } from './session-emails';
import { notBookedCode, type BookingRow } from './session-state';
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

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Moving a booked session to another time of the same length (issue 18), by its patient within the
 * policy it was booked under, or by its psychologist on their own calendar, and the patient's answer
 * to a psychologist's move. A move is one transaction with the booking row locked: the row's new
 * interval is taken under the same exclusion constraint as a hold (so of a move and a hold racing for
 * one interval exactly one wins), its old one freed by the same UPDATE, the payment untouched, the
 * reminders moved, the audit and both emails written.
 */
export function createRescheduleService(options: RescheduleOptions) {
  const { db, cancellation, publicUrl } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createBookingsRepository(db);
  const checkBookable = createSlotCheck(db, clock);

  function roleOf(actor: AuthUser, booking: BookingRow): Role | null {
    if (booking.patientId === actor.id) return 'patient';
    if (booking.psychologistId === actor.id) return 'psychologist';
    return null;
  }

  /** Why this session may not be moved by `role` now, as an AppError; nothing when it may. */
  function refuseMove(booking: BookingRow, role: Role, start: Date, now: Date) {
    const notBooked = notBookedCode(booking, 'BOOKING_CANCELED');
    if (notBooked) throw new AppError(notBooked);
    if (booking.startsAt.getTime() <= now.getTime()) {
      throw new AppError(
        'RESCHEDULE_NOT_ALLOWED',
        'This session has already started or ended, so it can no longer be moved.',
      );
    }
    if (booking.startsAt.getTime() === start.getTime()) throw new AppError('RESCHEDULE_SAME_TIME');
    if (role === 'psychologist' && booking.movedFromStartsAt && booking.patientId) {
      throw new AppError('MOVE_PENDING');
    }
    if (role === 'patient') {
      const policy = readPolicy(booking.policy);
      const refusal = patientMoveRefusal(booking, policy, now);
      if (refusal) {
        throw new AppError('RESCHEDULE_NOT_ALLOWED', patientMoveRefusalMessage(refusal, policy));
      }
    }
  }

  /** The move itself, inside `tx` with the row locked; returns the token of the patient's links. */
  async function move(tx: Database, actor: AuthUser, bookingId: string, start: Date) {
    const now = clock();
    const bookings = createBookingsRepository(tx);
    const booking = await bookings.lockById(bookingId);
    if (!booking) throw new AppError('BOOKING_NOT_FOUND');
    const role = roleOf(actor, booking)!;
    // Checked again under the lock: a cancellation or another move may have come first.
    refuseMove(booking, role, start, now);
    const from = booking.startsAt;
    const asksPatient = role === 'psychologist' && booking.patientId !== null;
    // A hold that ran out still blocks until it is expired by an UPDATE.
    await bookings.expireHolds(now, booking.psychologistId);
    const moved = (await bookings.update(bookingId, {
      startsAt: start,
      endsAt: new Date(start.getTime() + booking.durationMinutes * 60_000),
      icsSequence: booking.icsSequence + 1,
      patientMoves: booking.patientMoves + (role === 'patient' ? 1 : 0),
      movedFromStartsAt: asksPatient ? from : null,
      updatedAt: now,
    }))!;
    if (booking.patientId) await createRemindersRepository(tx).move(bookingId, start, now);
    // The patient moving it themselves answers an open question about a psychologist's move.
    await tx
      .update(bookingMoveOffers)
      .set({ decision: 'keep', decidedAt: now })
      .where(and(eq(bookingMoveOffers.bookingId, bookingId), isNull(bookingMoveOffers.decidedAt)));
    let token: string | undefined;
    if (asksPatient) {
      token = randomBytes(32).toString('base64url');
      await tx.insert(bookingMoveOffers).values({
        bookingId,
        tokenHash: hashToken(token),
        fromStartsAt: from,
        toStartsAt: start,
        expiresAt: start,
      });
    }
    await recordAudit(tx, {
      action: 'booking.rescheduled',
      actor: { id: actor.id, role },
      bookingId,
      details: { from: from.toISOString(), to: start.toISOString() },
    });
    if (booking.patientId) {
      await queueMoveEmails(tx, moved, {
        publicUrl,
        from,
        by: role,
        ...(token ? { decisionToken: token } : {}),
      });
    }
    return moved;
  }

  /** The patient's answer, inside `tx` with the row locked. */
  async function decideWithin(
    tx: Database,
    bookingId: string,
    patientId: string,
    decision: MoveDecision,
    /** From an emailed link: the new start its move set; a later move is not its to answer. */
    movedTo?: Date,
  ): Promise<{ answer: MoveDecisionResult; refundId: string | null }> {
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
      throw new AppError(
        'SESSION_ALREADY_STARTED',
        'This session has already started, so the new time can no longer be declined.',
      );
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
      return { answer: { booking_id: bookingId, decision, refund_paise: null }, refundId: null };
    }
    await recordAudit(tx, { action: 'booking.move_declined', actor, bookingId, details: {} });
    const refund = await cancellation.cancelDeclinedMove(tx, bookingId, patientId);
    return {
      answer: { booking_id: bookingId, decision, refund_paise: refund?.amountPaise ?? null },
      refundId: refund?.id ?? null,
    };
  }

  async function decide(
    bookingId: string,
    patientId: string,
    decision: MoveDecision,
    movedTo?: Date,
  ): Promise<MoveDecisionResult> {
    const { answer, refundId } = await db.transaction((tx) =>
      decideWithin(tx, bookingId, patientId, decision, movedTo),
    );
    options.onMailQueued?.();
    // Sent after commit and retried by the refund worker until the provider accepts it.
    if (refundId) await options.payments.sendRefund(refundId);
    return answer;
  }

  /** The unanswered, unexpired move a token opens, with its session; else MOVE_LINK_INVALID. */
  async function openOffer(token: string) {
    const [offer] = await db
      .select()
      .from(bookingMoveOffers)
      .where(
        and(
          eq(bookingMoveOffers.tokenHash, hashToken(token)),
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
      startTime: string,
    ): Promise<CalendarEvent> {
      const start = new Date(startTime);
      const row = await repository.findById(bookingId);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      const { booking } = row;
      const role = roleOf(actor, booking);
      if (!role) {
        throw new AppError(
          'FORBIDDEN',
          'Only the patient or the psychologist of this session can move it.',
        );
      }
      refuseMove(booking, role, start, clock());
      // The patient moves within the policy the session was booked under; the psychologist on their
      // own calendar, where only the 52-week limit applies.
      // A psychologist's move leaves the patient a day to answer it.
      const asksPatient = role === 'psychologist' && booking.patientId !== null;
      if (
        asksPatient &&
        start.getTime() < clock().getTime() + PSYCHOLOGIST_MOVE_POLICY.minNoticeMinutes * 60_000
      ) {
        throw new AppError(
          'SLOT_UNAVAILABLE',
          'Move a patient’s session to at least a day from now, so they have time to keep the new time or decline it. To change it sooner, cancel it.',
        );
      }
      await checkBookable(booking.psychologistId, start, booking.durationMinutes, {
        ignoreBookingId: booking.id,
        policy:
          role === 'patient'
            ? readPolicy(booking.policy)
            : asksPatient
              ? PSYCHOLOGIST_MOVE_POLICY
              : undefined,
      });
      try {
        await db.transaction((tx) => move(tx, actor, bookingId, start));
      } catch (error) {
        // The constraint refused the new interval, or two movers and holders waited on each other.
        if (isOverlapViolation(error) || hasDatabaseCode(error, '40P01')) {
          throw new AppError('SLOT_TAKEN');
        }
        throw error;
      }
      if (booking.patientId) options.onMailQueued?.();
      return toCalendarEvent((await repository.findById(bookingId))!, actor.id);
    },

    /** POST /api/bookings/{id}/move-decision: the signed-in patient answers in the app. */
    async decideInApp(actor: AuthUser, bookingId: string, decision: MoveDecision) {
      const row = await repository.findById(bookingId);
      if (!row) throw new AppError('BOOKING_NOT_FOUND');
      if (row.booking.patientId !== actor.id) {
        throw new AppError(
          'FORBIDDEN',
          'Only the patient of this session can keep or decline its new time.',
        );
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
