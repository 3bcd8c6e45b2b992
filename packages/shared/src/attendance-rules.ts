import type { ATTENDANCE_STATUSES, BookingStatus } from './availability';

// Zod-free, so the web app's first load can use it without zod (decision 0017); attendance.ts re-exports it.

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The parts of a session the attendance rules look at (a CalendarEvent has them all). */
export interface SessionFacts {
  startDate: string;
  status: BookingStatus;
  attendanceStatus: AttendanceStatus;
}

/** Attendance can be marked once the session has started, and never on a canceled booking. */
export function canMarkAttendance(session: SessionFacts, now: Date): boolean {
  return session.status === 'booked' && Date.parse(session.startDate) <= now.getTime();
}

/** Pending: the start has passed and nothing has been marked yet (specification, section 4). */
export function isPendingAttendance(session: SessionFacts, now: Date): boolean {
  return canMarkAttendance(session, now) && session.attendanceStatus === 'scheduled';
}

/** Completed: marked present or absent. */
export function isCompletedAttendance(session: SessionFacts): boolean {
  return session.status === 'booked' && session.attendanceStatus !== 'scheduled';
}

/** Only a booked session that has not started yet can be canceled. */
export function canCancelSession(session: SessionFacts, now: Date): boolean {
  return session.status === 'booked' && Date.parse(session.startDate) > now.getTime();
}
