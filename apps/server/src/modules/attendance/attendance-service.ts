import {
  canMarkAttendance,
  type AttendanceBody,
  type AttendanceStatus,
  type CalendarEvent,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError, localizedError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import { recordAudit } from '../audit/audit-repository';
import { createBookingsRepository } from '../bookings/bookings-repository';
import { toCalendarEvent } from '../bookings/bookings-service';
import { notBookedCode, sessionFacts, updateBookedSession } from '../bookings/session-state';

export interface AttendanceOptions {
  db: Database;
  publicUrl: string;
  /** Called after a change that queued mail has committed. */
  onMailQueued?: () => void;
  clock?: () => Date;
}

/** The parsed body: the panel's present/absent already mapped to the stored statuses. */
type AttendanceChange = Omit<AttendanceBody, 'status'> & { status: AttendanceStatus };

/**
 * What the psychologist of a session does after the booking: its meeting link (emailed to the patient
 * when first set or changed) and its attendance (once it has started; notes for the psychologist alone).
 */
export function createAttendanceService(options: AttendanceOptions) {
  const { db, publicUrl } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createBookingsRepository(db);

  /** The session, if the actor is its psychologist: 404 when unknown, 403 for anyone else. */
  async function ownSession(
    actor: AuthUser,
    id: string,
    action:
      'error.attendance.meetingLinkOnlyPsychologist' | 'error.attendance.markOnlyPsychologist',
  ) {
    const row = await repository.findById(id);
    if (!row) throw new AppError('BOOKING_NOT_FOUND');
    if (row.booking.psychologistId !== actor.id) {
      throw localizedError('FORBIDDEN', action);
    }
    const refusal = notBookedCode(row.booking, 'BOOKING_CANCELED');
    if (refusal) throw new AppError(refusal);
    return row.booking;
  }

  async function current(actor: AuthUser, id: string): Promise<CalendarEvent> {
    return toCalendarEvent((await repository.findById(id))!, actor.id);
  }

  return {
    async setMeetingLink(actor: AuthUser, id: string, meetingLink: string) {
      await ownSession(actor, id, 'error.attendance.meetingLinkOnlyPsychologist');
      const updated = await db.transaction((tx) =>
        updateBookedSession(tx, id, { meetingLink }, { publicUrl, actor }),
      );
      if (!updated) throw new AppError('BOOKING_CANCELED');
      if (updated.mailQueued) options.onMailQueued?.();
      return current(actor, id);
    },

    async markAttendance(actor: AuthUser, id: string, change: AttendanceChange) {
      const booking = await ownSession(actor, id, 'error.attendance.markOnlyPsychologist');
      const now = clock();
      if (!canMarkAttendance(sessionFacts(booking), now)) {
        throw new AppError('SESSION_NOT_STARTED');
      }
      const marked = change.status !== 'scheduled';
      // Saving notes under the same status keeps who marked it and when.
      const restatus = change.status !== booking.attendanceStatus;
      const updated = await db.transaction(async (tx) => {
        const row = await createBookingsRepository(tx).updateIfBooked(id, {
          attendanceStatus: change.status,
          ...(restatus
            ? { markedBy: marked ? actor.id : null, markedAt: marked ? now : null }
            : {}),
          // Notes left out keep what was written; an empty note clears it.
          ...(change.notes !== undefined ? { attendanceNotes: change.notes || null } : {}),
        });
        if (row) {
          await recordAudit(tx, {
            action: 'booking.attendance_marked',
            actor: { id: actor.id, role: actor.role },
            bookingId: id,
            // The notes themselves stay out of the log: they are the psychologist's alone.
            details: {
              status: change.status,
              notes: change.notes === undefined ? 'kept' : 'written',
            },
          });
        }
        return row;
      });
      if (!updated) throw new AppError('BOOKING_CANCELED');
      return current(actor, id);
    },
  };
}
