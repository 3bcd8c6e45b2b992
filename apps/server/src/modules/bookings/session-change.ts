import { and, eq, isNull } from 'drizzle-orm';
import { bookedFeePaise, lengthChangePaise, type SessionDuration } from '@sukoon/shared';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import type { Database } from '../../db/client';
import { bookingMoveOffers } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import type { RefundRow } from '../payments/payments-repository';
import type { PaymentsService } from '../payments/payments-service';
import { createRemindersRepository } from '../reminders/reminders-repository';
import { createBookingsRepository, NO_PENDING_CHANGE } from './bookings-repository';
import { queueMoveEmails } from './emails/move';
import { refundSession } from './session-payments';
import { bookedRatesOf, type BookingRow } from './session-state';

export interface SessionChange {
  by: { id: string; role: 'patient' | 'psychologist' };
  start: Date;
  durationMinutes: SessionDuration;
  /** Paise the patient paid for a longer length, through its own order. */
  paidPaise?: number;
}

export interface SessionChangeContext {
  payments: PaymentsService;
  publicUrl: string;
  now: Date;
}

/**
 * Moves a booked session, locked by the caller in `tx`, to a new start and length: one UPDATE of its
 * row under the exclusion constraint (its old interval freed, the new taken, an overlap fails the
 * statement), a longer length waiting for payment cleared, the fee set at the rates it was booked at
 * and the difference of a shorter one refunded, reminders moved, the audit and both emails written.
 * A psychologist's move of a patient's session waits for the patient's answer: the token of the
 * emailed keep/decline links is returned (only its hash is stored). Refunds are sent after commit.
 */
export async function changeSession(
  tx: Database,
  booking: BookingRow,
  change: SessionChange,
  { payments, publicUrl, now }: SessionChangeContext,
): Promise<{ moved: BookingRow; token?: string; refunds: RefundRow[] }> {
  const { by, start, durationMinutes } = change;
  const bookings = createBookingsRepository(tx);
  const from = booking.startsAt;
  const fromDuration = booking.durationMinutes as SessionDuration;
  const asksPatient = by.role === 'psychologist' && booking.patientId !== null;
  const rates = bookedRatesOf(booking);
  const feeChange = rates ? lengthChangePaise(rates, fromDuration, durationMinutes) : 0;
  // A hold that ran out, or a longer length never paid for, still blocks until an UPDATE ends it.
  await bookings.expireHolds(now, booking.psychologistId);
  let moved = (await bookings.update(booking.id, {
    startsAt: start,
    endsAt: new Date(start.getTime() + durationMinutes * 60_000),
    durationMinutes,
    ...(rates ? { pricePaise: bookedFeePaise(rates, durationMinutes) } : {}),
    ...NO_PENDING_CHANGE,
    icsSequence: booking.icsSequence + 1,
    patientMoves: booking.patientMoves + (by.role === 'patient' ? 1 : 0),
    movedFromStartsAt: asksPatient ? from : null,
    updatedAt: now,
  }))!;
  if (booking.patientId) await createRemindersRepository(tx).move(booking.id, start, now);
  // The patient changing it themselves answers an open question about a psychologist's move.
  await tx
    .update(bookingMoveOffers)
    .set({ decision: 'keep', decidedAt: now })
    .where(and(eq(bookingMoveOffers.bookingId, booking.id), isNull(bookingMoveOffers.decidedAt)));
  let token: string | undefined;
  if (asksPatient) {
    token = newSecretToken();
    await tx.insert(bookingMoveOffers).values({
      bookingId: booking.id,
      tokenHash: hashSecretToken(token),
      fromStartsAt: from,
      toStartsAt: start,
      expiresAt: start,
    });
  }
  const refunds =
    feeChange < 0
      ? await refundSession(
          payments,
          tx,
          booking.id,
          -feeChange,
          // One key per change: the SEQUENCE it was made at is never reused.
          { key: `shorter-${booking.id}-${booking.icsSequence}`, reason: 'session made shorter' },
          (input) => payments.recordRefund(tx, input),
        )
      : [];
  const refundPaise = refunds.reduce((sum, refund) => sum + refund.amountPaise, 0);
  if (refundPaise > 0) {
    moved = (await bookings.update(booking.id, { paymentStatus: 'partially_refunded' }))!;
  }
  await recordAudit(tx, {
    action: 'booking.rescheduled',
    actor: by,
    bookingId: booking.id,
    details: {
      from: from.toISOString(),
      to: start.toISOString(),
      ...(fromDuration !== durationMinutes
        ? { from_minutes: fromDuration, to_minutes: durationMinutes }
        : {}),
      ...(change.paidPaise ? { paid_paise: change.paidPaise } : {}),
      ...(refundPaise > 0 ? { refund_paise: refundPaise } : {}),
    },
  });
  if (booking.patientId) {
    await queueMoveEmails(tx, moved, {
      publicUrl,
      from,
      by: by.role,
      fromDurationMinutes: fromDuration,
      ...(token ? { decisionToken: token } : {}),
      ...(change.paidPaise ? { paidPaise: change.paidPaise } : {}),
      ...(refundPaise > 0 ? { refundPaise } : {}),
    });
  }
  return { moved, ...(token ? { token } : {}), refunds };
}
