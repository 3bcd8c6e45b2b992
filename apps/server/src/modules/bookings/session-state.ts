import type { BookedRates, ErrorCode, SessionFacts } from '@sukoon/shared';
import type { Database } from '../../db/client';
import type { bookings } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';
import type { AuthUser } from '../auth/sessions-service';
import { createBookingsRepository } from './bookings-repository';
import { queueMeetingLinkEmail } from './emails/meeting-link';

export type BookingRow = typeof bookings.$inferSelect;

/** A booking row as the shared session rules (canMarkAttendance, canCancelSession) read it. */
export function sessionFacts(booking: BookingRow): SessionFacts {
  return {
    startDate: booking.startsAt.toISOString(),
    status: booking.status,
    attendanceStatus: booking.attendanceStatus,
  };
}

/** The rates a patient's session was booked at; null for a psychologist's own event. */
export function bookedRatesOf(booking: BookingRow): BookedRates | null {
  return booking.bookedRate20Paise !== null && booking.bookedRate45Paise !== null
    ? { session_20_paise: booking.bookedRate20Paise, session_45_paise: booking.bookedRate45Paise }
    : null;
}

/**
 * Why a session that is not booked cannot be changed: it is only held while its payment runs, or it
 * is canceled (an expired hold counts as canceled); null when it is booked.
 */
export function notBookedCode(booking: BookingRow, whenCanceled: ErrorCode): ErrorCode | null {
  if (booking.status === 'booked') return null;
  return booking.status === 'held' ? 'BOOKING_NOT_CONFIRMED' : whenCanceled;
}

/**
 * Changes a booked session in the caller's transaction (the row locked first) and emails its patient
 * when the meeting link is first set or changed. Null when the session is not booked (any more).
 */
export async function updateBookedSession(
  tx: Database,
  id: string,
  changes: Partial<typeof bookings.$inferInsert>,
  context: { publicUrl: string; actor: AuthUser },
): Promise<{ booking: BookingRow; mailQueued: boolean } | null> {
  const repository = createBookingsRepository(tx);
  const before = await repository.lockById(id);
  if (!before) return null;
  // A calendar applies a changed link or time only from a message with a higher SEQUENCE.
  const calendarChange =
    (changes.meetingLink !== undefined && changes.meetingLink !== before.meetingLink) ||
    (changes.startsAt !== undefined && changes.startsAt.getTime() !== before.startsAt.getTime());
  const booking = await repository.updateIfBooked(
    id,
    calendarChange ? { ...changes, icsSequence: before.icsSequence + 1 } : changes,
  );
  if (!booking) return null;
  const linkChanged = booking.meetingLink !== null && booking.meetingLink !== before.meetingLink;
  if (linkChanged) {
    await recordAudit(tx, {
      action: 'booking.meeting_link_set',
      actor: { id: context.actor.id, role: context.actor.role },
      bookingId: id,
      details: { meeting_link: booking.meetingLink },
    });
  }
  // A link for a session that is already over is of no use to the patient: no email.
  if (linkChanged && booking.patientId && booking.endsAt > new Date()) {
    await queueMeetingLinkEmail(tx, booking, {
      publicUrl: context.publicUrl,
      changed: before.meetingLink !== null,
    });
  }
  return {
    booking,
    mailQueued: linkChanged && booking.patientId !== null && booking.endsAt > new Date(),
  };
}
