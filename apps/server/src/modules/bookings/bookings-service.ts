import {
  decodeCursor,
  encodeCursor,
  localDateOf,
  readPolicy,
  type PageQuery,
  type BookingListItem,
  type CalendarEvent,
  type EventsQuery,
  type RefundSummary,
  type SessionDuration,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError, localizedError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import { createBookingsRepository, type BookingWithNames } from './bookings-repository';
import { sessionCalendarFile } from './emails/invitation';
import { bookedRatesOf } from './session-state';

/** A booking as the viewer's calendar shows it. Attendance notes are for the psychologist alone. */
export function toCalendarEvent(row: BookingWithNames, viewerId: string): CalendarEvent {
  const { booking } = row;
  const isPsychologist = viewerId === booking.psychologistId;
  return {
    id: booking.id,
    title: booking.title,
    description: booking.description,
    startDate: booking.startsAt.toISOString(),
    endDate: booking.endsAt.toISOString(),
    variant: booking.variant,
    color: booking.color,
    meetingLink: booking.meetingLink,
    price: booking.pricePaise / 100,
    pricePaise: booking.pricePaise,
    currency: booking.currency,
    paymentRequired: booking.patientId !== null,
    paymentStatus: booking.paymentStatus,
    status: booking.status,
    attendanceStatus: booking.attendanceStatus,
    attendanceNotes: isPsychologist ? booking.attendanceNotes : null,
    markedBy: booking.markedBy ? 'psychologist' : null,
    markedAt: booking.markedAt?.toISOString() ?? null,
    durationMinutes: booking.durationMinutes as SessionDuration,
    psychologistId: booking.psychologistId,
    patientId: booking.patientId,
    psychologistName: row.psychologistName,
    patientName: row.patientName,
    policy: booking.policy ? readPolicy(booking.policy) : null,
    patientMoves: booking.patientMoves,
    bookedRates: bookedRatesOf(booking),
    movedFrom: booking.movedFromStartsAt
      ? {
          startDate: booking.movedFromStartsAt.toISOString(),
          endDate: new Date(
            booking.movedFromStartsAt.getTime() + booking.durationMinutes * 60_000,
          ).toISOString(),
        }
      : null,
  };
}

function toListItem(
  row: BookingWithNames,
  viewerId: string,
  money: { refund: RefundSummary; paidPaise: number } | undefined,
): BookingListItem {
  const { booking } = row;
  const date = localDateOf(booking.startsAt, row.psychologistTimeZone);
  return {
    id: booking.id,
    booking_id: booking.id,
    psychologist_id: booking.psychologistId,
    user_id: booking.patientId,
    booking_date: date,
    date,
    start_time: booking.startsAt.toISOString(),
    end_time: booking.endsAt.toISOString(),
    duration: booking.durationMinutes,
    title: booking.title,
    description: booking.description,
    patient_name: row.patientName,
    psychologist_name: row.psychologistName,
    status: booking.status,
    payment_status: booking.paymentStatus,
    attendanceStatus: booking.attendanceStatus,
    notes: viewerId === booking.psychologistId ? booking.attendanceNotes : null,
    meeting_link: booking.meetingLink,
    price: booking.pricePaise / 100,
    currency: booking.currency,
    canceled_by: booking.canceledBy,
    canceled_at: booking.canceledAt?.toISOString() ?? null,
    refund: money?.refund ?? null,
    paid_paise: money?.paidPaise ?? null,
    hold_expires_at:
      booking.status === 'held' ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
    policy: booking.policy ? readPolicy(booking.policy) : null,
    patient_moves: booking.patientMoves,
    booked_rates: bookedRatesOf(booking),
    moved_from_start: booking.movedFromStartsAt?.toISOString() ?? null,
  };
}

function toInstant(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  // A bare date means the whole day (UTC): an end date includes that day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00Z`);
    return endOfDay ? new Date(start.getTime() + 86_400_000) : start;
  }
  return new Date(value);
}

/**
 * When an answer made of these bookings changes without any write: the earliest end of a hold among
 * them (a hold leaves the lists and the calendar when it runs out); null when there is none. The
 * cached booking list and calendar events are kept no longer than this.
 */
export function earliestHoldEnd(rows: BookingWithNames[]): Date | null {
  let earliest: Date | null = null;
  for (const { booking } of rows) {
    const end = booking.status === 'held' ? booking.holdExpiresAt : null;
    if (end && (!earliest || end < earliest)) earliest = end;
  }
  return earliest;
}

export function createBookingsService(db: Database) {
  const repository = createBookingsRepository(db);

  async function withRefunds(rows: BookingWithNames[], viewerId: string) {
    const money = await repository.moneyOf(
      rows
        .filter(({ booking }) => ['refunded', 'partially_refunded'].includes(booking.paymentStatus))
        .map((r) => r.booking.id),
    );
    return rows.map((row) => toListItem(row, viewerId, money.get(row.booking.id)));
  }

  return {
    /** Nobody reads another person's bookings, whatever their role. */
    async listForUser(actor: AuthUser, userId: string): Promise<BookingListItem[]> {
      if (actor.id !== userId) {
        throw localizedError('FORBIDDEN', 'error.bookings.own');
      }
      const rows = await repository.listForUser(userId);
      return withRefunds(rows, actor.id);
    },

    /**
     * One page of the user's bookings, oldest first, the cursor of the next (null at the end), and
     * when the page changes without a write (a hold on it running out).
     */
    async listPageForUser(
      actor: AuthUser,
      userId: string,
      query: PageQuery,
    ): Promise<{ items: BookingListItem[]; nextCursor: string | null; changesAt: Date | null }> {
      if (actor.id !== userId) {
        throw localizedError('FORBIDDEN', 'error.bookings.own');
      }
      const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
      const rows = await repository.listPageForUser(userId, {
        // One more than asked tells whether another page follows.
        limit: query.limit + 1,
        after: cursor ? { startsAt: new Date(cursor.startsAt), id: cursor.id } : undefined,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? encodeCursor({ startsAt: last.booking.startsAt.toISOString(), id: last.booking.id })
          : null;
      return {
        items: await withRefunds(page, actor.id),
        nextCursor,
        changesAt: earliestHoldEnd(page),
      };
    },

    /**
     * The user's calendar events, and when they next change without a write: live holds are among
     * them only until they run out.
     */
    async events(
      actor: AuthUser,
      query: EventsQuery,
    ): Promise<{ events: CalendarEvent[]; changesAt: Date | null }> {
      const rows = await repository.listLiveForUser(actor.id, {
        from: toInstant(query.startDate, false),
        to: toInstant(query.endDate, true),
      });
      return {
        events: rows.map((row) => toCalendarEvent(row, actor.id)),
        changesAt: earliestHoldEnd(rows),
      };
    },

    /**
     * A booked session as a calendar file for its patient (sessionCalendarFile); to anyone else there
     * is no such booking. Not for the psychologist: what their outside calendars show of a patient is
     * the feed's choice (first name only unless they chose full details), and this file would carry
     * the patient's own words.
     */
    async calendarFile(actor: AuthUser, id: string, publicUrl: string) {
      const booking = (await repository.findById(id))?.booking;
      // A hold that ran out (expired) was never a session: it is not found either.
      if (!booking || booking.patientId !== actor.id || booking.status === 'expired') {
        throw new AppError('BOOKING_NOT_FOUND');
      }
      if (booking.status === 'held') throw new AppError('BOOKING_NOT_CONFIRMED');
      if (booking.status === 'canceled') throw new AppError('BOOKING_ALREADY_CANCELED');
      const file = await sessionCalendarFile(db, booking, publicUrl);
      if (!file) throw new AppError('BOOKING_NOT_FOUND');
      return file;
    },
  };
}
